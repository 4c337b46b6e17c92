// The indexed-colour PNG encoder, read back by an independent decoder (pngjs).
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { encodePalettePng } from './png-palette.ts';
import { paintReflectivity } from './radar.service.ts';
import { reflectivityColor } from './radar-colors.ts';

/** Little-endian packed RGBA. */
const rgba = (r: number, g: number, b: number, a: number) => ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;

describe('palette PNG', () => {
  it('decodes to the palette colour of every pixel, transparency included', () => {
    const palette = Uint32Array.from([rgba(0, 0, 0, 0), rgba(4, 233, 231, 255), rgba(253, 0, 0, 128)]);
    const width = 5;
    const height = 3;
    const indices = Uint8Array.from({ length: width * height }, (_, i) => (i * 7) % 3);
    const png = PNG.sync.read(encodePalettePng(indices, width, height, palette));
    expect([png.width, png.height]).toEqual([width, height]);
    for (let i = 0; i < indices.length; i++) {
      expect(png.data.readUInt32LE(i * 4), `pixel ${i}`).toBe(palette[indices[i]!]);
    }
  });

  it('refuses an empty or oversized palette and a wrong number of pixels', () => {
    const one = Uint32Array.from([0]);
    expect(() => encodePalettePng(new Uint8Array(4), 2, 2, new Uint32Array(0))).toThrow(RangeError);
    expect(() => encodePalettePng(new Uint8Array(4), 2, 2, new Uint32Array(257))).toThrow(RangeError);
    expect(() => encodePalettePng(new Uint8Array(3), 2, 2, one)).toThrow(RangeError);
  });

  it('paints reflectivity in the NWS colours, transparent below 5 dBZ', () => {
    const dbz = Float32Array.from([0, 4.9, 5, 12, 37.5, 52, 74.9, 75, 90]);
    const png = PNG.sync.read(paintReflectivity(dbz, 9, 1));
    for (let i = 0; i < dbz.length; i++) {
      const colour = reflectivityColor(dbz[i]!);
      const pixel = [...png.data.subarray(i * 4, i * 4 + 4)];
      expect(pixel, `${dbz[i]} dBZ`).toEqual(colour ? [...colour, 255] : [0, 0, 0, 0]);
    }
  });
});
