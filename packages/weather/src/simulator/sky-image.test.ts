import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { SKY_IMAGE_HEIGHT, SKY_IMAGE_WIDTH, type SkyState, skyPng } from './sky-image.ts';

const CLEAR_NOON: SkyState = {
  sunElevationDeg: 70,
  solarHour: 12.5,
  cloudFraction: 0.1,
  rainRateMmPerHour: 0,
  seed: 7,
  minutes: 1_000,
};
const STORMY_EVENING: SkyState = {
  sunElevationDeg: 6,
  solarHour: 18.5,
  cloudFraction: 0.95,
  rainRateMmPerHour: 25,
  seed: 7,
  minutes: 1_000,
};
const CLEAR_NIGHT: SkyState = { ...CLEAR_NOON, sunElevationDeg: -40, solarHour: 1 };

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Mean of R+G+B over the sky (above the ground), and the count of sun-coloured and star-white pixels. */
function look(bytes: Uint8Array) {
  const png = PNG.sync.read(Buffer.from(bytes));
  let sum = 0;
  let sunny = 0;
  let starry = 0;
  const skyPixels = png.width * 160;
  for (let i = 0; i < skyPixels; i++) {
    const [r, g, b] = [png.data[i * 4]!, png.data[i * 4 + 1]!, png.data[i * 4 + 2]!];
    sum += r + g + b;
    if (r > 220 && g > 200 && b < 190) sunny++;
    if (r > 150 && g > 150 && b > 140 && i < png.width * 130) starry++;
  }
  return { brightness: sum / skyPixels, sunny, starry };
}

describe('station sky images as PNG', () => {
  it('is a PNG of 320 x 180: signature, IHDR first, and it decodes', () => {
    const bytes = skyPng(CLEAR_NOON);
    expect([...bytes.subarray(0, 8)]).toEqual(SIGNATURE);
    const view = Buffer.from(bytes);
    expect(view.toString('latin1', 12, 16)).toBe('IHDR');
    expect([view.readUInt32BE(16), view.readUInt32BE(20)]).toEqual([SKY_IMAGE_WIDTH, SKY_IMAGE_HEIGHT]);
    const png = PNG.sync.read(view);
    expect([png.width, png.height]).toEqual([320, 180]);
  });

  it('a clear noon is bright and sunlit; a stormy evening is dark, grey and sunless', () => {
    const noon = look(skyPng(CLEAR_NOON));
    const storm = look(skyPng(STORMY_EVENING));
    expect(Buffer.from(skyPng(CLEAR_NOON)).equals(Buffer.from(skyPng(STORMY_EVENING)))).toBe(false);
    expect(noon.brightness).toBeGreaterThan(storm.brightness + 100);
    expect(noon.sunny).toBeGreaterThan(200);
    expect(storm.sunny).toBe(0);
  });

  it('rain draws streaks: the same evening with and without rain differ', () => {
    const dry = skyPng({ ...STORMY_EVENING, rainRateMmPerHour: 0 });
    expect(Buffer.from(dry).equals(Buffer.from(skyPng(STORMY_EVENING)))).toBe(false);
  });

  it('the same inputs give the same bytes; clouds drift as the minutes pass', () => {
    expect(Buffer.from(skyPng(CLEAR_NOON)).equals(Buffer.from(skyPng({ ...CLEAR_NOON })))).toBe(true);
    expect(
      Buffer.from(skyPng({ ...CLEAR_NOON, cloudFraction: 0.5, minutes: 1_005 })).equals(
        Buffer.from(skyPng({ ...CLEAR_NOON, cloudFraction: 0.5 })),
      ),
    ).toBe(false);
  });

  it('night is dark with stars when clear, and no stars under overcast', () => {
    const night = look(skyPng(CLEAR_NIGHT));
    expect(night.brightness).toBeLessThan(look(skyPng(CLEAR_NOON)).brightness / 3);
    expect(night.starry).toBeGreaterThan(20);
    expect(look(skyPng({ ...CLEAR_NIGHT, cloudFraction: 1 })).starry).toBe(0);
  });

  it('bad inputs still make a valid picture: values clamped, NaN treated as none', () => {
    const odd = [
      { ...CLEAR_NOON, cloudFraction: Number.NaN },
      { ...CLEAR_NOON, cloudFraction: -1, rainRateMmPerHour: -3 },
      { ...CLEAR_NOON, sunElevationDeg: Number.NaN, rainRateMmPerHour: Number.NaN },
    ];
    for (const state of odd) expect(PNG.sync.read(Buffer.from(skyPng(state))).width).toBe(320);
    expect(
      Buffer.from(skyPng({ ...STORMY_EVENING, cloudFraction: 5 })).equals(
        Buffer.from(skyPng({ ...STORMY_EVENING, cloudFraction: 1 })),
      ),
    ).toBe(true);
  });
});
