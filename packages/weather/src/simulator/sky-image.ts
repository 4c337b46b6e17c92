// A station camera's picture of the sky, as a PNG: a gradient that follows the sun's elevation
// (night, twilight glow, day blue), the sun where it stands, clouds from the same seeded fractal
// noise as the radar texture (cover follows the cloud fraction, drifting with time), rain streaks
// with the rain rate, and the ground. A pure function of its inputs: same state, same bytes.
import { PNG } from 'pngjs';
import { fractalNoise } from './noise.ts';
import { mixKeys, mulberry32 } from './prng.ts';

export const SKY_IMAGE_WIDTH = 320;
export const SKY_IMAGE_HEIGHT = 180;
const GROUND_TOP = 160;

export interface SkyState {
  /** Sun elevation above the horizon, degrees. */
  sunElevationDeg: number;
  /** Local solar hour 0..24: places the sun left (morning, east) to right (evening, west). */
  solarHour: number;
  /** Cloud cover 0..1. */
  cloudFraction: number;
  rainRateMmPerHour: number;
  /** Seed of the cloud texture and the stars. */
  seed: number;
  /** Minutes on the station's clock: clouds drift with it. */
  minutes: number;
}

type Rgb = [number, number, number];

function clamp01(v: number): number {
  return Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0;
}
function mix(a: number, b: number, f: number): number {
  return a + (b - a) * f;
}
function mixRgb(a: Rgb, b: Rgb, f: number): Rgb {
  return [mix(a[0], b[0], f), mix(a[1], b[1], f), mix(a[2], b[2], f)];
}

/** The PNG of the sky in this state, 320 x 180 RGBA. */
export function skyPng(state: SkyState): Uint8Array {
  const elevation = Number.isFinite(state.sunElevationDeg) ? state.sunElevationDeg : -90;
  const cover = clamp01(state.cloudFraction);
  const rain = Number.isFinite(state.rainRateMmPerHour) ? Math.max(0, state.rainRateMmPerHour) : 0;
  const day = clamp01((elevation + 6) / 30);
  const twilight = clamp01(1 - Math.abs(elevation) / 8);
  // Clear sky from deep blue at the top to a paler horizon, warmed at twilight; cloud greys it.
  const overcastGrey = mix(18, 150, day) * (1 - 0.35 * clamp01(rain / 10));
  const grey: Rgb = [overcastGrey, overcastGrey, overcastGrey + 6];
  const zenith = mixRgb([6, 10, 30], [40, 110, 215], day);
  const horizon = mixRgb(mixRgb([14, 20, 45], [150, 195, 240], day), [250, 150, 80], twilight * 0.6);
  const sunX = SKY_IMAGE_WIDTH / 2 + ((state.solarHour - 12) / 6) * 130;
  const sunY = GROUND_TOP - Math.max(-20, Math.min(90, elevation)) * 1.5;
  const sunVisible = elevation > -3 ? 1 - cover * 0.9 : 0;
  const stars = starField(state.seed, clamp01(1 - 4 * day) * (1 - cover));
  const cloudLight: Rgb = mixRgb([40, 42, 50], [245, 245, 248], day);
  const drift = state.minutes * 0.02;
  const threshold = 0.55 - 1.1 * cover;
  const out = Buffer.alloc(SKY_IMAGE_WIDTH * SKY_IMAGE_HEIGHT * 4);
  for (let y = 0; y < SKY_IMAGE_HEIGHT; y++) {
    const f = Math.min(1, y / GROUND_TOP);
    const clearSky = mixRgb(zenith, horizon, f * f);
    const sky = mixRgb(clearSky, grey, cover * 0.85);
    for (let x = 0; x < SKY_IMAGE_WIDTH; x++) {
      let c: Rgb;
      if (y >= GROUND_TOP) {
        c = ground(day, rain);
      } else {
        c = sky;
        const star = stars.get(y * SKY_IMAGE_WIDTH + x);
        if (star) c = mixRgb(c, [255, 255, 240], star);
        const d = Math.hypot(x - sunX, y - sunY);
        if (sunVisible > 0) {
          const glow = Math.exp(-d / 22) * 0.5 + (d < 12 ? 1 : 0);
          c = mixRgb(c, [255, 236, 150], clamp01(glow) * sunVisible);
        }
        // Clouds: wide, flat shapes (the noise is stretched horizontally), shaded darker at their base.
        const n = fractalNoise(state.seed, x / 70 + drift, y / 28, 4);
        const density = clamp01((n - threshold) / 0.35);
        if (density > 0) {
          const shade = mixRgb(cloudLight, grey, clamp01(cover * 0.6 + (y / GROUND_TOP) * 0.3));
          c = mixRgb(c, shade, density * 0.95);
        }
      }
      if (rain > 0 && isRainStreak(state.seed, x, y, rain)) c = mixRgb(c, [170, 185, 205], 0.55);
      const i = (y * SKY_IMAGE_WIDTH + x) * 4;
      out[i] = Math.round(c[0]);
      out[i + 1] = Math.round(c[1]);
      out[i + 2] = Math.round(c[2]);
      out[i + 3] = 255;
    }
  }
  const png = new PNG({ width: SKY_IMAGE_WIDTH, height: SKY_IMAGE_HEIGHT });
  png.data = out;
  return new Uint8Array(PNG.sync.write(png, { deflateLevel: 6 }));
}

/** Ground colour: green by day, nearly black at night, darker when wet. */
function ground(day: number, rain: number): Rgb {
  const wet = rain > 0 ? 0.75 : 1;
  return [mix(12, 60, day) * wet, mix(16, 92, day) * wet, mix(12, 40, day) * wet];
}

/** Seeded stars (pixel index -> brightness 0..1), as many as the darkness and clear sky allow. */
function starField(seed: number, visibility: number): Map<number, number> {
  const stars = new Map<number, number>();
  if (visibility < 0.05) return stars;
  const random = mulberry32(mixKeys(seed, 901));
  for (let k = 0; k < 70; k++) {
    const x = Math.floor(random() * SKY_IMAGE_WIDTH);
    const y = Math.floor(random() * (GROUND_TOP - 30));
    stars.set(y * SKY_IMAGE_WIDTH + x, visibility * (0.4 + 0.6 * random()));
  }
  return stars;
}

/** Whether (x, y) lies on a rain streak: slanted 12-px lines, denser with the rain rate (all of them at 15 mm/h). */
function isRainStreak(seed: number, x: number, y: number, rainRateMmPerHour: number): boolean {
  // Shear the picture so streaks lean; each 5-px column of the sheared picture may hold one streak.
  const sx = x + Math.floor(y / 3);
  const column = Math.floor(sx / 5);
  if (sx % 5 !== 0) return false;
  const random = mulberry32(mixKeys(seed, 902, column));
  if (random() > Math.min(1, rainRateMmPerHour / 15) * 0.8 + 0.1) return false;
  const phase = Math.floor(random() * 24);
  return (y + phase) % 24 < 12;
}
