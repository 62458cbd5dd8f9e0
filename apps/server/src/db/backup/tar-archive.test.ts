import { describe, expect, it } from 'vitest';
import { readTar, TarFormatError, writeTar } from './tar-archive.ts';

const entries = [
  { name: 'shopper-backup.json', type: 'file' as const, data: Buffer.from('{"format":"shopper-backup"}\n') },
  { name: 'folder', type: 'directory' as const, data: new Uint8Array(0) },
  { name: 'pgdata.tar', type: 'file' as const, data: Buffer.alloc(1500, 7) },
];

describe('tar archive', () => {
  it('reads back what it wrote, in order, byte for byte', () => {
    const read = readTar(writeTar(entries));
    expect(read.map((entry) => [entry.name, entry.type, Buffer.from(entry.data).toString('hex')])).toEqual(
      entries.map((entry) => [entry.name, entry.type, Buffer.from(entry.data).toString('hex')]),
    );
  });

  it('refuses a header whose checksum fails, and an archive that stops early', () => {
    const archive = writeTar(entries);
    const flipped = Buffer.from(archive);
    flipped[3] = 0x41; // inside the first entry's name
    expect(() => readTar(flipped)).toThrow(new TarFormatError('a tar header fails its checksum'));
    // manifest header + data (1024), folder header (512), pgdata.tar header (512), then its data.
    expect(() => readTar(archive.subarray(0, 2048 + 700))).toThrow('the tar archive ends inside pgdata.tar');
    expect(() => readTar(archive.subarray(0, archive.length - 1024))).toThrow('ends before its end marker');
  });
});
