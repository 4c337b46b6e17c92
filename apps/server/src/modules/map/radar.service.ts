// Radar for the map: the frame lists of each radar type, and the frame images (WMS boxes and XYZ
// tiles) rendered with the NWS colour table from the weather source's reflectivity, or from IEM
// NEXRAD's decoded N0Q composite when RADAR_SOURCE=iem (so real and simulated radar look the same).
// Every image is kept in a memory-bounded LRU; when IEM fails, a box's last good frame is served.
import type { BBox, ConfiguredWeather, RoadCondition, WeatherLogger } from '@allclear/weather';
import {
  MAP_IMAGE_FALLBACK_PX,
  MAP_IMAGE_MAX_PX,
  RADAR_STEP_MINUTES,
  ROAD_CONDITION_COLORS,
  type TRadarFrame,
  type TRadarFramesResponse,
  type TRadarType,
} from '@allclear/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { Prepared } from '../../platform/route.ts';
import { IemRadarSource } from './iem-radar-source.ts';
import { etagOf, imageReply, type CachedImage, type ImageCache } from './image-cache.ts';
import type { MapConfig } from './map-config.ts';
import { mercatorToLatLon, rowLatitudes, tileMercatorBBox, type MercatorBBox } from './mercator.ts';
import { encodePng, transparentPng } from './png.ts';
import { encodePalettePng } from './png-palette.ts';
import { reflectivityLookup } from './radar-colors.ts';

const STEP_MS = RADAR_STEP_MINUTES * 60_000;
/** Past radar kept in the list: 2 hours (spec: at least 2 h at 5-minute steps). */
export const RADAR_PAST_MINUTES = 120;
/** Future radar: 1 hour. */
export const RADAR_FUTURE_MINUTES = 60;
const TILE_PX = 256;
const LUT = reflectivityLookup();
/** The colours of the reflectivity table (0: transparent), and each whole dBZ's index among them. */
const PALETTE = Uint32Array.from(new Set([0, ...LUT]));
const PALETTE_INDEX = Uint8Array.from(LUT, (colour) => PALETTE.indexOf(colour));

/** A side of a requested image: above 3000 px it is answered at 400 (spec 01 §9 'Image size cap 3000 px'). */
export function cappedImageSide(px: number): number {
  return px > MAP_IMAGE_MAX_PX ? MAP_IMAGE_FALLBACK_PX : px;
}

/** The latest observed frame time at or before now: rounded down to 5 minutes. */
export function latestFrameMs(now: Date): number {
  return Math.floor(now.getTime() / STEP_MS) * STEP_MS;
}

const isRoadType = (type: TRadarType) =>
  type === 'current-road-conditions' || type === 'future-road-conditions';

export interface RenderedImage extends CachedImage {
  /** Cache-Control to send. */
  cacheControl: string;
}

export interface RadarServiceDeps {
  weather: ConfiguredWeather;
  clock: Clock;
  config: MapConfig;
  cache: ImageCache;
  fetch?: typeof fetch;
  /** Where an IEM outage is reported (once per outage). */
  log?: WeatherLogger;
}

/** Distinct frame-list answers kept prepared; past it they are prepared afresh. */
const FRAME_ANSWERS_KEPT = 256;

export class RadarService {
  private readonly iem: IemRadarSource;
  /** Frame-list answers by type, newest frame and query: the list changes once per frame (5 minutes). */
  private readonly frameAnswers = new Map<string, Prepared<TRadarFramesResponse['data']>>();

  constructor(private readonly deps: RadarServiceDeps) {
    this.iem = new IemRadarSource({
      clock: deps.clock,
      baseUrl: deps.config.iemBaseUrl,
      timeoutMs: deps.config.iemTimeoutMs,
      fetch: deps.fetch,
      log: deps.log,
    });
  }

  /** Where images come from, as the frame list says. */
  sourceOf(type: TRadarType): string {
    return this.deps.config.radarSource === 'iem' && !isRoadType(type) ? 'iem' : 'simulator';
  }

  /**
   * The frame list as a prepared answer (serialised once): the same for every request until the newest frame moves
   * (issue 18: the dashboard map asks for it on every load).
   */
  preparedFrames(
    type: TRadarType,
    query: { frame?: number; future?: boolean; product?: string },
    now: Date,
  ): Prepared<TRadarFramesResponse['data']> {
    const key = [type, latestFrameMs(now), query.frame, query.future, query.product].join('|');
    let answer = this.frameAnswers.get(key);
    if (!answer) {
      if (this.frameAnswers.size >= FRAME_ANSWERS_KEPT) this.frameAnswers.clear();
      this.frameAnswers.set(key, (answer = new Prepared(this.frames(type, query, now))));
    }
    return answer;
  }

  /** The frame list of a radar type, oldest first (see the map README for each type's span). */
  frames(
    type: TRadarType,
    query: { frame?: number; future?: boolean; product?: string },
    now: Date,
  ): TRadarFramesResponse['data'] {
    const latest = latestFrameMs(now);
    const iem = this.sourceOf(type) === 'iem';
    let pastMinutes = 0;
    let futureMinutes = 0;
    switch (type) {
      case 'past':
        pastMinutes = RADAR_PAST_MINUTES;
        futureMinutes = query.future ? RADAR_FUTURE_MINUTES : 0;
        break;
      case 'future':
      case 'future-road-conditions':
        futureMinutes = RADAR_FUTURE_MINUTES;
        break;
      case 'extended':
        pastMinutes = RADAR_PAST_MINUTES;
        futureMinutes = RADAR_FUTURE_MINUTES;
        break;
      case 'current-road-conditions':
        break;
    }
    // IEM has observed frames only: no forecast is mixed into a real source's loop.
    if (iem) futureMinutes = 0;
    const times: number[] = [];
    for (let t = latest - pastMinutes * 60_000; t <= latest + futureMinutes * 60_000; t += STEP_MS)
      times.push(t);
    const kept = query.frame ? times.slice(Math.max(0, times.length - query.frame)) : times;
    const product = query.product ? `&product=${encodeURIComponent(query.product)}` : '';
    const frames: TRadarFrame[] = kept.map((t) => {
      const time = new Date(t).toISOString();
      return {
        time,
        kind: t > latest ? 'future' : 'past',
        wmsUrl: `/map/${type}/WMS?time=${time}${product}`,
        tileUrl: `/map/${type}/TMS/{z}/{x}/{y}.png?time=${time}${product}`,
      };
    });
    return {
      type,
      product: query.product ?? null,
      isFuture: futureMinutes > 0,
      stepMinutes: RADAR_STEP_MINUTES,
      latest: new Date(latest).toISOString(),
      frames,
      source: this.sourceOf(type),
    };
  }

  /** A 256-px XYZ tile of a frame. */
  tile(type: TRadarType, z: number, x: number, y: number, time: Date | undefined): Promise<RenderedImage> {
    const n = 2 ** z;
    if (x >= n || y >= n) throw notFound('Tile');
    return this.image(type, tileMercatorBBox(z, x, y), TILE_PX, TILE_PX, time, `t${z}/${x}/${y}`);
  }

  /** A WMS image of a frame over an EPSG:3857 box; sides above 3000 px are answered at 400. */
  wms(type: TRadarType, box: MercatorBBox, width: number, height: number, time: Date | undefined) {
    const w = cappedImageSide(width);
    const h = cappedImageSide(height);
    return this.image(type, box, w, h, time, `w${box.minX},${box.minY},${box.maxX},${box.maxY}/${w}x${h}`);
  }

  private async image(
    type: TRadarType,
    box: MercatorBBox,
    width: number,
    height: number,
    time: Date | undefined,
    where: string,
  ): Promise<RenderedImage> {
    const latest = latestFrameMs(this.deps.clock.now());
    const road = isRoadType(type);
    const requested = type === 'current-road-conditions' || !time ? latest : time.getTime();
    const frameMs = Math.floor(requested / STEP_MS) * STEP_MS;
    const source = this.sourceOf(type);
    if (source === 'iem' && frameMs > latest) throw notFound('Radar frame');
    // A past frame never changes; the latest and future ones (extrapolated from the latest) do.
    const settled = frameMs < latest;
    const cacheControl = settled ? 'public, max-age=31536000, immutable' : 'public, max-age=60';
    const key = `${source}|${road ? 'road' : 'radar'}|${frameMs}|${settled ? '' : latest}|${where}`;
    const hit = this.deps.cache.get(key);
    if (hit) return imageReply(hit, cacheControl);
    if (source === 'iem') return this.iemImage(frameMs, box, width, height, key, where, cacheControl);
    const body = road
      ? await this.renderRoads(box, width, height, frameMs)
      : await this.renderReflectivity(box, width, height, frameMs, latest);
    const image: CachedImage = { body, etag: etagOf(body), contentType: 'image/png' };
    this.deps.cache.set(key, image);
    return { ...image, cacheControl };
  }

  /**
   * An IEM frame decoded and drawn with our colours; when IEM fails, the last good frame of the
   * same box (never cached as this frame, so the next request tries IEM again), else a 502.
   */
  private async iemImage(
    frameMs: number,
    box: MercatorBBox,
    width: number,
    height: number,
    key: string,
    where: string,
    cacheControl: string,
  ): Promise<RenderedImage> {
    const lastGoodKey = `iem-last-good|${where}`;
    try {
      const frame = await this.iem.frame(frameMs, box, width, height);
      const body = paintReflectivity(frame.dbz, width, height);
      const image: CachedImage = { body, etag: etagOf(body), contentType: 'image/png' };
      this.deps.cache.set(key, image);
      this.deps.cache.set(lastGoodKey, image);
      return { ...image, cacheControl };
    } catch (err) {
      const lastGood = this.deps.cache.get(lastGoodKey);
      if (lastGood) return { ...lastGood, cacheControl: 'no-store' };
      throw new AppError(502, 'The radar source is unavailable.', {
        ServerErrors: [`The radar source did not answer: ${(err as Error).message}`],
      });
    }
  }

  /** Reflectivity of the weather source on the Mercator grid, coloured with the NWS table. */
  private async renderReflectivity(
    box: MercatorBBox,
    width: number,
    height: number,
    frameMs: number,
    latestMs: number,
  ): Promise<Buffer> {
    const bbox = mercatorToLatLon(box);
    const lats = rowLatitudes(box, height);
    // Rows of the source grid are even in degrees; sample them finely enough for Mercator rows.
    const span = bbox.north - bbox.south;
    const gridHeight = span > 2 ? height * 2 : height;
    const frame = await this.deps.weather.providers.radar.frame(bbox, new Date(frameMs), {
      width,
      height: gridHeight,
      now: new Date(latestMs),
    });
    const dLat = span / gridHeight;
    const grid = new Float32Array(width * height);
    for (let row = 0; row < height; row++) {
      const src = Math.min(gridHeight - 1, Math.max(0, Math.floor((bbox.north - lats[row]!) / dLat)));
      grid.set(frame.dbz.subarray(src * width, src * width + width), row * width);
    }
    return paintReflectivity(grid, width, height);
  }

  /** Road segments of the time, drawn 3 px wide in their condition's colour. */
  private async renderRoads(
    box: MercatorBBox,
    width: number,
    height: number,
    frameMs: number,
  ): Promise<Buffer> {
    const bbox: BBox = mercatorToLatLon(box);
    const segments = await this.deps.weather.providers.roads.conditions(bbox, new Date(frameMs));
    if (segments.length === 0) return transparentPng(width, height);
    const out = new Uint32Array(width * height);
    const sx = width / (box.maxX - box.minX);
    const sy = height / (box.maxY - box.minY);
    const toPx = ([lon, lat]: [number, number]): [number, number] => {
      const x = (lon * Math.PI * 6378137) / 180;
      const y = 6378137 * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
      return [(x - box.minX) * sx, (box.maxY - y) * sy];
    };
    for (const segment of segments) {
      const colour = packHex(ROAD_CONDITION_COLORS[segment.condition as RoadCondition]);
      const pts = segment.coordinates.map(toPx);
      for (let i = 1; i < pts.length; i++) {
        const [x0, y0] = pts[i - 1]!;
        const [x1, y1] = pts[i]!;
        const steps = Math.min(20_000, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2) + 1);
        for (let s = 0; s <= steps; s++) {
          const cx = Math.round(x0 + ((x1 - x0) * s) / steps);
          const cy = Math.round(y0 + ((y1 - y0) * s) / steps);
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const px = cx + dx;
              const py = cy + dy;
              if (px >= 0 && py >= 0 && px < width && py < height) out[py * width + px] = colour;
            }
          }
        }
      }
    }
    return encodePng(new Uint8Array(out.buffer), width, height);
  }
}

/** Reflectivity (row-major from the top-left, dBZ) as a PNG in the NWS colours; below 5 dBZ is transparent. */
export function paintReflectivity(dbz: Float32Array, width: number, height: number): Buffer {
  const out = new Uint8Array(width * height);
  let any = false;
  for (let i = 0; i < out.length; i++) {
    const v = dbz[i]!;
    if (v >= 5) {
      out[i] = PALETTE_INDEX[Math.min(255, v | 0)]!;
      any = true;
    }
  }
  if (!any) return transparentPng(width, height);
  return encodePalettePng(out, width, height, PALETTE);
}

/** '#rrggbb' as little-endian packed opaque RGBA. */
function packHex(hex: string): number {
  const v = Number.parseInt(hex.slice(1), 16);
  return ((255 << 24) | ((v & 0xff) << 16) | (v & 0xff00) | ((v >> 16) & 0xff)) >>> 0;
}
