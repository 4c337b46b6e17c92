// Map geometry the layers need: geodesic radius rings, the padded and rounded strike-fetch bounds, and the measure
// line length. Distances and destinations come from @allclear/domain's great-circle formulas (3959-mile earth).
import type * as GeoJSON from 'geojson';
import { destinationPoint, greatCircleMiles, ZONE_COLOURS, type GeoPoint } from '@allclear/domain';

/** Bounds in degrees. */
export interface LngLatBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Map bounds are rounded to 4 decimals (spec 01 §9 'Map'). */
export const BOUNDS_DECIMALS = 4;
/** The strike fetch area is expanded by 120 % of the viewport span (spec 01 §9 'Map'). */
export const BOUNDS_EXPANSION = 1.2;

const round = (v: number) => Number(v.toFixed(BOUNDS_DECIMALS));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * The strike fetch area of a viewport: each side moved out by 120 % of the span (so the area is the viewport
 * widened by 1.2 spans each way), clamped to the world, then rounded to 4 decimals (spec 01 §9).
 */
export function strikeFetchBounds(view: LngLatBounds): LngLatBounds {
  const dLng = (view.east - view.west) * BOUNDS_EXPANSION;
  const dLat = (view.north - view.south) * BOUNDS_EXPANSION;
  return {
    west: round(clamp(view.west - dLng, -180, 180)),
    east: round(clamp(view.east + dLng, -180, 180)),
    south: round(clamp(view.south - dLat, -85.0511, 85.0511)),
    north: round(clamp(view.north + dLat, -85.0511, 85.0511)),
  };
}

/** Vertices of a ring: enough that a 50-mile ring looks round at zoom 10. */
export const RING_VERTICES = 96;

/** A closed geodesic circle of radiusMiles around centre, as [lng, lat] pairs (first = last). */
export function geodesicRing(
  centre: GeoPoint,
  radiusMiles: number,
  vertices = RING_VERTICES,
): [number, number][] {
  const ring: [number, number][] = [];
  for (let i = 0; i < vertices; i += 1) {
    const p = destinationPoint(centre, (360 * i) / vertices, radiusMiles);
    ring.push([p.longitude, p.latitude]);
  }
  ring.push(ring[0]!);
  return ring;
}

/** Hex colours of the zone colour names red, amber, green, blue (spec 01 §9 'Cards and zones'). */
export const ZONE_HEX: Readonly<Record<(typeof ZONE_COLOURS)[number], string>> = {
  red: '#e53935',
  amber: '#ffb300',
  green: '#43a047',
  blue: '#1e88e5',
};

/** GeoJSON of a location's radius rings (zones with radius > 0), each with its colour and a label point on top. */
export function radiusRingsGeoJson(
  centre: GeoPoint,
  radii: readonly (number | null)[],
): GeoJSON.FeatureCollection<GeoJSON.LineString | GeoJSON.Point> {
  const features: GeoJSON.Feature<GeoJSON.LineString | GeoJSON.Point>[] = [];
  radii.slice(0, 4).forEach((radius, index) => {
    if (!radius || radius <= 0) return;
    const colour = ZONE_HEX[ZONE_COLOURS[index]!];
    features.push({
      type: 'Feature',
      properties: { zone: index + 1, colour, radius },
      geometry: { type: 'LineString', coordinates: geodesicRing(centre, radius) },
    });
    const top = destinationPoint(centre, 0, radius);
    features.push({
      type: 'Feature',
      properties: { zone: index + 1, colour, label: `${radius} mi` },
      geometry: { type: 'Point', coordinates: [top.longitude, top.latitude] },
    });
  });
  return { type: 'FeatureCollection', features };
}

/** Length in miles of a polyline of [lng, lat] points along great circles (the measure tool, spec 01 §9). */
export function pathMiles(points: readonly (readonly [number, number])[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) {
    const [lng1, lat1] = points[i - 1]!;
    const [lng2, lat2] = points[i]!;
    total += greatCircleMiles({ latitude: lat1, longitude: lng1 }, { latitude: lat2, longitude: lng2 });
  }
  return total;
}

/** Measure distance text: two decimals under 10 miles, one above ('3.25 mi', '42.1 mi'). */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(2) : miles.toFixed(1)} mi`;
}

/** Bearings of the ring labels of the position picker, by zone: spread round the rings so close radii stay legible. */
export const PICKER_LABEL_BEARINGS = [0, 45, 90, 135] as const;

/** A ring's distance label: where it sits (on the ring, at its zone's bearing), its text and colour. */
export interface RingLabel {
  zone: number;
  radius: number;
  colour: string;
  label: string;
  latitude: number;
  longitude: number;
}

/** The labels of the rings with radius > 0 ('10 mi'), each on its ring at PICKER_LABEL_BEARINGS of its zone. */
export function ringLabels(centre: GeoPoint, radii: readonly (number | null)[]): RingLabel[] {
  const labels: RingLabel[] = [];
  radii.slice(0, 4).forEach((radius, index) => {
    if (!radius || radius <= 0) return;
    const at = destinationPoint(centre, PICKER_LABEL_BEARINGS[index]!, radius);
    labels.push({
      zone: index + 1,
      radius,
      colour: ZONE_HEX[ZONE_COLOURS[index]!],
      label: `${radius} mi`,
      latitude: at.latitude,
      longitude: at.longitude,
    });
  });
  return labels;
}

/** The box holding a circle of radiusMiles round centre, as [[west, south], [east, north]] (a camera to fit). */
export function circleBounds(centre: GeoPoint, radiusMiles: number): [[number, number], [number, number]] {
  const north = destinationPoint(centre, 0, radiusMiles).latitude;
  const south = destinationPoint(centre, 180, radiusMiles).latitude;
  const east = destinationPoint(centre, 90, radiusMiles).longitude;
  const west = destinationPoint(centre, 270, radiusMiles).longitude;
  return [
    [west, Math.max(-85, south)],
    [east, Math.min(85, north)],
  ];
}
