/**
 * The few bytes of the POSIX tar (ustar) format a backup needs: regular files and folders with
 * short names. A backup is an ordinary .tar.gz so an owner can look into it with `tar tzf`; the
 * tar packages in node_modules are only other tools' dev dependencies, and these ~100 lines
 * check every header's checksum, which a restore wants anyway.
 */

const BLOCK = 512;

export type TarEntry = { name: string; type: 'file' | 'directory'; data: Uint8Array };

/** Thrown for bytes that are not a well-formed tar archive; the message says what is wrong. */
export class TarFormatError extends Error {}

function writeField(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, length, 'utf8');
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

function headerFor(entry: TarEntry, mtime: number): Buffer {
  if (Buffer.byteLength(entry.name) > 100) throw new TarFormatError(`tar entry name too long: ${entry.name}`);
  const header = Buffer.alloc(BLOCK);
  writeField(header, 0, 100, entry.name);
  writeField(header, 100, 8, octal(entry.type === 'file' ? 0o600 : 0o700, 8));
  writeField(header, 108, 8, octal(0, 8));
  writeField(header, 116, 8, octal(0, 8));
  writeField(header, 124, 12, octal(entry.type === 'file' ? entry.data.length : 0, 12));
  writeField(header, 136, 12, octal(Math.floor(mtime / 1000), 12));
  writeField(header, 148, 8, '        '); // counted as spaces while the checksum is computed
  writeField(header, 156, 1, entry.type === 'file' ? '0' : '5');
  writeField(header, 257, 6, 'ustar\0');
  writeField(header, 263, 2, '00');
  writeField(header, 148, 8, octal(checksumOf(header), 7) + ' ');
  return header;
}

function checksumOf(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

function padding(length: number): Buffer {
  return Buffer.alloc((BLOCK - (length % BLOCK)) % BLOCK);
}

export function writeTar(entries: readonly TarEntry[], mtime = Date.now()): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(headerFor(entry, mtime));
    if (entry.type === 'file') parts.push(Buffer.from(entry.data), padding(entry.data.length));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

function readString(block: Uint8Array, offset: number, length: number): string {
  const field = Buffer.from(block.buffer, block.byteOffset + offset, length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
}

function readOctal(block: Uint8Array, offset: number, length: number, what: string): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError(`a tar header has an unreadable ${what}`);
  return text === '' ? 0 : parseInt(text, 8);
}

const isZeroBlock = (block: Uint8Array) => block.every((byte) => byte === 0);

/** Every file and folder of a tar archive, refusing a damaged header or an archive that stops early. */
export function readTar(bytes: Uint8Array): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (true) {
    if (offset + BLOCK > bytes.length) throw new TarFormatError('the tar archive ends before its end marker');
    const block = bytes.subarray(offset, offset + BLOCK);
    if (isZeroBlock(block)) return entries;
    if (readOctal(block, 148, 8, 'checksum') !== checksumOf(block)) {
      throw new TarFormatError('a tar header fails its checksum');
    }
    const prefix = readString(block, 345, 155);
    const baseName = readString(block, 0, 100);
    const name = prefix ? `${prefix}/${baseName}` : baseName;
    const size = readOctal(block, 124, 12, 'size');
    const typeFlag = readString(block, 156, 1);
    offset += BLOCK;
    if (typeFlag === '5') {
      entries.push({ name, type: 'directory', data: new Uint8Array(0) });
      continue;
    }
    if (typeFlag !== '0' && typeFlag !== '') throw new TarFormatError(`the tar entry ${name} is not a plain file`);
    if (offset + size > bytes.length) throw new TarFormatError(`the tar archive ends inside ${name}`);
    entries.push({ name, type: 'file', data: bytes.subarray(offset, offset + size) });
    offset += size + padding(size).length;
  }
}
