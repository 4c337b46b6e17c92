// Private geometry helpers for the simulator and adapters; distances come from @allclear/domain.
import { greatCircleMiles } from '@allclear/domain';

export const EARTH_RADIUS_KM = 6371.0088;
export const KM_PER_MILE = 1.609344;
const RAD = Math.PI / 180;

/** Great-circle distance in miles between two points given as numbers (spec 01 §9 earth radius). */
export function greatCircleMilesLocal(aLat: number, aLon: number, bLat: number, bLon: number): number {
  return greatCircleMiles({ latitude: aLat, longitude: aLon }, { latitude: bLat, longitude: bLon });
}

/** Point reached from (lat, lon) after distanceKm on headingDeg; flat-earth step, exact enough below ~300 km. */
export function offsetKm(lat: number, lon: number, headingDeg: number, distanceKm: number): [number, number] {
  const northKm = distanceKm * Math.cos(headingDeg * RAD);
  const eastKm = distanceKm * Math.sin(headingDeg * RAD);
  return [lat + northKm / 111.195, lon + eastKm / (111.195 * Math.cos(lat * RAD))];
}

/** Squared local distance in km² between two nearby points (equirectangular), for fast field sums. */
export function localDistanceSqKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const y = (bLat - aLat) * 111.195;
  const x = (bLon - aLon) * 111.195 * Math.cos(((aLat + bLat) / 2) * RAD);
  return x * x + y * y;
}

/** Ray-casting test of a [lon, lat] point in a polygon's rings (holes excluded), GeoJSON order. */
export function pointInPolygonRings(lon: number, lat: number, rings: [number, number][][]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}
