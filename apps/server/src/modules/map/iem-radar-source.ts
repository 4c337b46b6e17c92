// Real radar from the Iowa Environmental Mesonet N0Q composite (RADAR_SOURCE=iem): one WMS-T image
// per frame and box, decoded back to reflectivity so the map draws it with our NWS colour table.
// An outage is logged once (and its end once), and IEM is not asked again for 30 s of clock time,
// so a map full of tiles does not wait out one timeout per tile.
import { decodeN0qPng, iemRadarWmsUrl, type ReflectivityImage, type WeatherLogger } from '@allclear/weather';
import type { Clock } from '../../platform/clock.ts';
import type { MercatorBBox } from './mercator.ts';

/** After a failure IEM is left alone for this long, ms of clock time. */
export const IEM_RETRY_AFTER_MS = 30_000;

export interface IemRadarSourceDeps {
  clock: Clock;
  /** Base of the IEM WMS-T (tests point it at a loopback server). */
  baseUrl?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  log?: WeatherLogger;
}

export class IemRadarSource {
  #down = false;
  #retryAtMs = 0;

  constructor(private readonly deps: IemRadarSourceDeps) {}

  /** Reflectivity of the frame over the box at width x height; throws when IEM fails or is resting. */
  async frame(frameMs: number, box: MercatorBBox, width: number, height: number): Promise<ReflectivityImage> {
    const nowMs = this.deps.clock.now().getTime();
    if (this.#down && nowMs < this.#retryAtMs)
      throw new Error(`IEM failed recently; next attempt after ${new Date(this.#retryAtMs).toISOString()}`);
    const url = iemRadarWmsUrl(new Date(frameMs), box, width, height, this.deps.baseUrl);
    try {
      const image = resample(decodeN0qPng(await this.download(url)), width, height);
      if (this.#down) this.deps.log?.info({ source: 'iem' }, 'The IEM radar source answers again.');
      this.#down = false;
      return image;
    } catch (err) {
      if (!this.#down)
        this.deps.log?.warn(
          { source: 'iem', url, err: (err as Error).message },
          'The IEM radar source failed; serving the last good frames until it answers.',
        );
      this.#down = true;
      this.#retryAtMs = nowMs + IEM_RETRY_AFTER_MS;
      throw err;
    }
  }

  private async download(url: string): Promise<Uint8Array> {
    const doFetch = this.deps.fetch ?? fetch;
    const res = await doFetch(url, { signal: AbortSignal.timeout(this.deps.timeoutMs) });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('image/png')) {
      await res.body?.cancel();
      throw new Error(`IEM answered ${res.status} ${type}`);
    }
    return new Uint8Array(await res.arrayBuffer());
  }
}

/** The image at width x height (nearest pixel), unchanged when it already is that size. */
function resample(image: ReflectivityImage, width: number, height: number): ReflectivityImage {
  if (image.width === width && image.height === height) return image;
  const dbz = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    const src = Math.min(image.height - 1, Math.floor(((row + 0.5) * image.height) / height)) * image.width;
    for (let col = 0; col < width; col++)
      dbz[row * width + col] =
        image.dbz[src + Math.min(image.width - 1, Math.floor(((col + 0.5) * image.width) / width))]!;
  }
  return { width, height, dbz };
}
