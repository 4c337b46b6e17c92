import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeN0qPng, iemFrameTime, iemRadarWmsUrl, n0qIndexToDbz } from './iem-radar.ts';
import { MalformedResponseError } from './resilient-fetch.ts';

/** 16 x 16 palette PNG whose column x has a known N0Q index (see fixtures/iem/README.md). */
const fixture = readFileSync(new URL('../../fixtures/iem/n0q-fixture.png', import.meta.url));
const COLUMN_DBZ = [0, -32, 0, 5, 5.5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 75];

describe('IEM radar frames', () => {
  it('rounds frame times down to the 5-minute composite', () => {
    expect(iemFrameTime(new Date('2024-05-21T19:34:59.999Z'))).toBe('2024-05-21T19:30:00Z');
    expect(iemFrameTime(new Date('2024-05-21T19:35:00Z'))).toBe('2024-05-21T19:35:00Z');
  });

  it('asks the N0Q WMS-T layer for the box in metres, keeping 3000 px exactly and scaling larger requests down', () => {
    const box = { minX: -10_800_000, minY: 3_800_000, maxX: -10_700_000, maxY: 3_900_000 };
    const exact = new URL(iemRadarWmsUrl(new Date('2024-05-21T19:34:00Z'), box, 3000, 1500));
    expect(exact.searchParams.get('LAYERS')).toBe('nexrad-n0q-wmst');
    expect(exact.searchParams.get('SRS')).toBe('EPSG:3857');
    expect(exact.searchParams.get('BBOX')).toBe('-10800000,3800000,-10700000,3900000');
    expect([exact.searchParams.get('WIDTH'), exact.searchParams.get('HEIGHT')]).toEqual(['3000', '1500']);
    expect(exact.searchParams.get('TIME')).toBe('2024-05-21T19:30:00Z');
    const large = new URL(iemRadarWmsUrl(new Date('2024-05-21T19:34:00Z'), box, 3001, 1000));
    expect([large.searchParams.get('WIDTH'), large.searchParams.get('HEIGHT')]).toEqual(['3000', '1000']);
  });
});

describe('IEM N0Q decoding', () => {
  it('maps palette indices to dBZ in 0.5-dBZ steps from -32 dBZ at index 1, index 0 being no data', () => {
    expect(n0qIndexToDbz(0)).toBe(0);
    expect(n0qIndexToDbz(1)).toBe(-32);
    expect(n0qIndexToDbz(75)).toBe(5);
    expect(n0qIndexToDbz(76)).toBe(5.5);
    expect(n0qIndexToDbz(255)).toBe(95);
  });

  it('decodes a palette PNG by index, whatever the palette colours, row-major from the top-left', () => {
    const image = decodeN0qPng(fixture);
    expect([image.width, image.height]).toEqual([16, 16]);
    for (let row = 0; row < 16; row++)
      expect(Array.from(image.dbz.subarray(row * 16, row * 16 + 16))).toEqual(COLUMN_DBZ);
  });

  it('refuses what is not an 8-bit palette PNG: other bytes, an RGBA PNG, a truncated or palette-less image', () => {
    const rgba = PNG.sync.write(
      Object.assign(new PNG({ width: 2, height: 2 }), { data: Buffer.alloc(16, 200) }),
    );
    const truncated = fixture.subarray(0, fixture.length - 30);
    const plte = fixture.indexOf('PLTE') - 4;
    const paletteLength = fixture.readUInt32BE(plte);
    const withoutPalette = Buffer.concat([
      fixture.subarray(0, plte),
      fixture.subarray(plte + 12 + paletteLength),
    ]);
    for (const bad of [Buffer.from('<html>busy</html>'), rgba, truncated, withoutPalette, Buffer.alloc(0)])
      expect(() => decodeN0qPng(bad)).toThrow(MalformedResponseError);
  });
});
