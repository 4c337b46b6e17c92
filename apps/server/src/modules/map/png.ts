// PNG encoding of RGBA pixel buffers (pngjs), and the shared fully transparent tile.
import { PNG } from 'pngjs';

/** Encodes width×height RGBA bytes (row-major from the top-left) as a PNG. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  const png = new PNG({ width, height, colorType: 6 });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 6, deflateLevel: 6 });
}

const transparent = new Map<string, Buffer>();

/** A fully transparent PNG of the size (encoded once per size). */
export function transparentPng(width: number, height: number): Buffer {
  const key = `${width}x${height}`;
  let png = transparent.get(key);
  if (!png) {
    png = encodePng(new Uint8Array(width * height * 4), width, height);
    transparent.set(key, png);
  }
  return png;
}
