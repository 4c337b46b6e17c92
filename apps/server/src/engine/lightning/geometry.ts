// Bounding boxes of zone circles on the 3959-mile sphere, for the spatial index: a box always
// contains the whole circle, so the exact great-circle test after the box query misses nothing.
import { EARTH_RADIUS_MILES } from '@allclear/domain';

export interface LonLatBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

const DEG = 180 / Math.PI;
/** Extra margin, degrees (about 0.1 m), so rounding never drops a point on the circle's edge. */
const PAD_DEG = 1e-6;

/**
 * Boxes (degrees) that together contain the spherical cap of `radiusMiles` around a point: the cap's
 * exact latitude span and longitude half-width asin(sin δ / cos φ); split in two across the
 * antimeridian; all longitudes when the cap reaches a pole.
 */
export function circleBoundingBoxes(latitude: number, longitude: number, radiusMiles: number): LonLatBox[] {
  const delta = radiusMiles / EARTH_RADIUS_MILES;
  const deltaDeg = delta * DEG;
  const minLat = Math.max(-90, latitude - deltaDeg - PAD_DEG);
  const maxLat = Math.min(90, latitude + deltaDeg + PAD_DEG);
  const cosLat = Math.cos(latitude / DEG);
  const ratio = Math.sin(delta) / cosLat;
  if (maxLat >= 90 || minLat <= -90 || !(ratio < 1)) {
    return [{ minLon: -180, minLat, maxLon: 180, maxLat }];
  }
  const halfWidth = Math.asin(ratio) * DEG + PAD_DEG;
  const west = longitude - halfWidth;
  const east = longitude + halfWidth;
  if (west < -180) {
    return [
      { minLon: -180, minLat, maxLon: east, maxLat },
      { minLon: west + 360, minLat, maxLon: 180, maxLat },
    ];
  }
  if (east > 180) {
    return [
      { minLon: west, minLat, maxLon: 180, maxLat },
      { minLon: -180, minLat, maxLon: east - 360, maxLat },
    ];
  }
  return [{ minLon: west, minLat, maxLon: east, maxLat }];
}
