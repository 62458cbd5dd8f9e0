import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A real picture of the given size and format: a gradient with some noise, so encoders have work. */
export async function makeImage(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif',
): Promise<Buffer> {
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  let seed = 42;
  for (let i = 0; i < raw.length; i += channels) {
    const pixel = i / channels;
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const noise = seed % 24;
    raw[i] = (x * 255) / width + noise;
    raw[i + 1] = (y * 255) / height + noise;
    raw[i + 2] = 128 + noise;
  }
  return sharp(raw, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a few hundred bytes of PNG whose header claims width × height pixels
 * (a 1-bit greyscale image of zeros compresses to almost nothing).
 */
export function pngBomb(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = deflateSync(Buffer.alloc(Math.min(height, 1000) * (Math.ceil(width / 8) + 1)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file part, as a browser's form sends it. */
export function multipartFile(
  bytes: Buffer,
  { field = 'file', filename = 'picture.jpg', contentType = 'image/jpeg' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----shopper${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${field}"; filename="${filename}"\r\ncontent-type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
