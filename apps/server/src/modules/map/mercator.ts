// Web Mercator (EPSG:3857) arithmetic for image requests: tile boxes, metres to degrees, and the
// latitude of each image row (rows are evenly spaced in metres, not in degrees).
import type { BBox } from '@allclear/weather';

/** Earth radius of the EPSG:3857 sphere, metres. */
const R = 6378137;
/** Half the width of the Mercator world, metres (20037508.34). */
export const MERCATOR_HALF_WORLD_M = Math.PI * R;
/** Latitude limit of Web Mercator, degrees. */
export const MERCATOR_MAX_LAT = 85.0511287798066;

/** A box in EPSG:3857 metres. */
export interface MercatorBBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Longitude, degrees, of a Mercator x in metres. */
export function lonFromX(x: number): number {
  return (x / R) * (180 / Math.PI);
}

/** Latitude, degrees, of a Mercator y in metres. */
export function latFromY(y: number): number {
  return (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
}

/** Mercator x, metres, of a longitude in degrees. */
export function xFromLon(lon: number): number {
  return (lon * Math.PI * R) / 180;
}

/** Mercator y, metres, of a latitude in degrees (clamped to the Mercator limit). */
export function yFromLat(lat: number): number {
  const clamped = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
  return R * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

/** The EPSG:3857 box of an XYZ tile (y counted from the north, as MapLibre requests). */
export function tileMercatorBBox(z: number, x: number, y: number): MercatorBBox {
  const size = (2 * MERCATOR_HALF_WORLD_M) / 2 ** z;
  const minX = -MERCATOR_HALF_WORLD_M + x * size;
  const maxY = MERCATOR_HALF_WORLD_M - y * size;
  return { minX, minY: maxY - size, maxX: minX + size, maxY };
}

/** The degree box covering a Mercator box. */
export function mercatorToLatLon(box: MercatorBBox): BBox {
  return {
    west: lonFromX(box.minX),
    south: latFromY(box.minY),
    east: lonFromX(box.maxX),
    north: latFromY(box.maxY),
  };
}

/** Latitude, degrees, at the centre of each of `height` rows of an image over a Mercator box (north first). */
export function rowLatitudes(box: MercatorBBox, height: number): Float64Array {
  const lats = new Float64Array(height);
  const dy = (box.maxY - box.minY) / height;
  for (let row = 0; row < height; row++) lats[row] = latFromY(box.maxY - (row + 0.5) * dy);
  return lats;
}

/** Parses `minx,miny,maxx,maxy` (EPSG:3857 metres); null when malformed or empty. */
export function parseMercatorBBox(text: string): MercatorBBox | null {
  const parts = text.split(',').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return null;
  const [minX, minY, maxX, maxY] = parts as [number, number, number, number];
  if (maxX <= minX || maxY <= minY) return null;
  return { minX, minY, maxX, maxY };
}
