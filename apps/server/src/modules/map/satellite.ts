// Simulated infrared satellite imagery: the simulator's reflectivity field spread into cloud
// shields (cold tops bright, thin cloud grey, clear sky transparent) for the 'Satellite' base map
// when no SATELLITE_TILES_URL is configured. It is labelled 'Simulated satellite' in the style.
import type { RadarSource } from '@allclear/weather';
import { mercatorToLatLon, tileMercatorBBox } from './mercator.ts';
import { encodePng, transparentPng } from './png.ts';

const TILE_PX = 256;
/** Coarse grid of the cloud field over the tile and a margin of half a tile on each side. */
const GRID = 96;
/** Blur radius of the cloud shield, grid cells (anvils spread far beyond the echo). */
const BLUR = 4;

/** Renders the simulated IR tile z/x/y at `time` from the radar source's reflectivity. */
export async function renderSatelliteTile(
  radar: RadarSource,
  z: number,
  x: number,
  y: number,
  time: Date,
): Promise<Buffer> {
  const tile = mercatorToLatLon(tileMercatorBBox(z, x, y));
  const padLon = (tile.east - tile.west) / 2;
  const padLat = (tile.north - tile.south) / 2;
  const bbox = {
    west: tile.west - padLon,
    east: tile.east + padLon,
    south: Math.max(-85, tile.south - padLat),
    north: Math.min(85, tile.north + padLat),
  };
  const frame = await radar.frame(bbox, time, { width: GRID, height: GRID, now: time });
  let any = false;
  for (let i = 0; i < frame.dbz.length; i++) if (frame.dbz[i]! > 0) any = true;
  if (!any) return transparentPng(TILE_PX, TILE_PX);
  // Two box blurs approximate a Gaussian spread of the cloud shield.
  const core = Float32Array.from(frame.dbz, (d) => (d > 0 ? Math.min(1, (d + 15) / 60) : 0));
  const spread = boxBlur(boxBlur(core, GRID, BLUR), GRID, BLUR);
  // The echo is the cold core; the spread (amplified) is the thinner anvil around it.
  const field = core.map((c, i) => Math.max(c, Math.min(1, 3 * spread[i]!)));
  const out = new Uint8Array(TILE_PX * TILE_PX * 4);
  const lonSpan = bbox.east - bbox.west;
  const latSpan = bbox.north - bbox.south;
  for (let row = 0; row < TILE_PX; row++) {
    const lat = tile.north - ((row + 0.5) / TILE_PX) * (tile.north - tile.south);
    const gy = ((bbox.north - lat) / latSpan) * GRID - 0.5;
    for (let col = 0; col < TILE_PX; col++) {
      const lon = tile.west + ((col + 0.5) / TILE_PX) * (tile.east - tile.west);
      const gx = ((lon - bbox.west) / lonSpan) * GRID - 0.5;
      const v = bilinear(field, GRID, gx, gy);
      if (v < 0.04) continue;
      const i = (row * TILE_PX + col) * 4;
      const grey = Math.round(150 + 105 * Math.min(1, v * 1.4));
      out[i] = grey;
      out[i + 1] = grey;
      out[i + 2] = grey;
      out[i + 3] = Math.round(255 * Math.min(1, v * 2.2));
    }
  }
  return encodePng(out, TILE_PX, TILE_PX);
}

function boxBlur(src: Float32Array, size: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += src[y * size + Math.min(size - 1, Math.max(0, x + k))]!;
      tmp[y * size + x] = sum / (2 * r + 1);
    }
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let sum = 0;
      for (let k = -r; k <= r; k++) sum += tmp[Math.min(size - 1, Math.max(0, y + k)) * size + x]!;
      out[y * size + x] = sum / (2 * r + 1);
    }
  }
  return out;
}

function bilinear(f: Float32Array, size: number, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(size - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(size - 1, Math.floor(y)));
  const x1 = Math.min(size - 1, x0 + 1);
  const y1 = Math.min(size - 1, y0 + 1);
  const tx = Math.max(0, Math.min(1, x - x0));
  const ty = Math.max(0, Math.min(1, y - y0));
  const top = f[y0 * size + x0]! * (1 - tx) + f[y0 * size + x1]! * tx;
  const bottom = f[y1 * size + x0]! * (1 - tx) + f[y1 * size + x1]! * tx;
  return top * (1 - ty) + bottom * ty;
}
