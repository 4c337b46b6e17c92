// Indexed-colour PNG encoding (colour type 3, 8 bits, PLTE + tRNS) for images of few colours,
// such as radar in the 15 NWS reflectivity colours. Profiling a cold radar tile showed pngjs's
// adaptive RGBA filtering and deflating four bytes per pixel were two thirds of its cost; one
// byte per pixel, filter 0 (the PNG spec's advice for palette images) and zlib cost a fraction.
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes width×height palette indices (row-major from the top-left) as a PNG. `palette` holds
 * up to 256 colours as little-endian packed RGBA (as the pixel lookups here are), alpha included.
 */
export function encodePalettePng(
  indices: Uint8Array,
  width: number,
  height: number,
  palette: Uint32Array,
): Buffer {
  if (palette.length === 0 || palette.length > 256)
    throw new RangeError('A PNG palette holds 1 to 256 colours');
  if (indices.length !== width * height) throw new RangeError('Expected one index per pixel');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 3; // colour type: indexed
  const rgb = Buffer.allocUnsafe(palette.length * 3);
  const alpha = Buffer.allocUnsafe(palette.length);
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    rgb[i * 3] = c & 0xff;
    rgb[i * 3 + 1] = (c >>> 8) & 0xff;
    rgb[i * 3 + 2] = (c >>> 16) & 0xff;
    alpha[i] = c >>> 24;
  }
  // each row is a filter-type byte (0: none) followed by its indices
  const raw = Buffer.allocUnsafe((width + 1) * height);
  for (let row = 0; row < height; row++) {
    raw[row * (width + 1)] = 0;
    raw.set(indices.subarray(row * width, row * width + width), row * (width + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', rgb),
    chunk('tRNS', alpha),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
