// Great-circle geometry on a spherical earth of radius 3959 miles (spec 01 §9).
// Formulas: haversine distance, initial bearing and destination point as given by
// Ed Williams' Aviation Formulary (https://edwilliams.org/avform147.htm).

/** Earth radius in miles, spec 01 §9. */
export const EARTH_RADIUS_MILES = 3959;

export interface GeoPoint {
  /** Degrees north. */
  latitude: number;
  /** Degrees east. */
  longitude: number;
}

const RAD = Math.PI / 180;

/** Great-circle distance in miles between two points (degrees), haversine on a 3959-mile sphere (spec 01 §9). */
export function greatCircleMiles(a: GeoPoint, b: GeoPoint): number {
  const phi1 = a.latitude * RAD;
  const phi2 = b.latitude * RAD;
  return haversineMiles(phi1, Math.cos(phi1), a.longitude, phi2, Math.cos(phi2), b.longitude);
}

/**
 * greatCircleMiles from each point's latitude in radians with its cosine, and its longitude in degrees: the same
 * arithmetic, for a caller that holds the cosines (the strike matcher tests thousands of points against one strike).
 */
export function haversineMiles(
  phi1: number,
  cosPhi1: number,
  longitude1: number,
  phi2: number,
  cosPhi2: number,
  longitude2: number,
): number {
  const dPhi = phi2 - phi1;
  const dLambda = (longitude2 - longitude1) * RAD;
  const h = Math.sin(dPhi / 2) ** 2 + cosPhi1 * cosPhi2 * Math.sin(dLambda / 2) ** 2;
  // atan2 form: well conditioned near antipodes, where asin(√h) loses precision.
  return 2 * EARTH_RADIUS_MILES * Math.atan2(Math.sqrt(h), Math.sqrt(Math.max(0, 1 - h)));
}

/** Initial great-circle bearing in degrees clockwise from true north (0 ≤ b < 360) from a to b, Aviation Formulary. */
export function initialBearingDeg(a: GeoPoint, b: GeoPoint): number {
  const phi1 = a.latitude * RAD;
  const phi2 = b.latitude * RAD;
  const dLambda = (b.longitude - a.longitude) * RAD;
  const y = Math.sin(dLambda) * Math.cos(phi2);
  const x = Math.cos(phi1) * Math.sin(phi2) - Math.sin(phi1) * Math.cos(phi2) * Math.cos(dLambda);
  return normalizeDegrees(Math.atan2(y, x) / RAD);
}

/** Point reached from origin (degrees) after distanceMiles along bearingDeg (clockwise from north), Aviation Formulary. */
export function destinationPoint(origin: GeoPoint, bearingDeg: number, distanceMiles: number): GeoPoint {
  const delta = distanceMiles / EARTH_RADIUS_MILES;
  const theta = bearingDeg * RAD;
  const phi1 = origin.latitude * RAD;
  const lambda1 = origin.longitude * RAD;
  const sinPhi2 = Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(theta);
  const phi2 = Math.asin(Math.max(-1, Math.min(1, sinPhi2)));
  const lambda2 =
    lambda1 +
    Math.atan2(
      Math.sin(theta) * Math.sin(delta) * Math.cos(phi1),
      Math.cos(delta) - Math.sin(phi1) * sinPhi2,
    );
  return { latitude: phi2 / RAD, longitude: normalizeLongitude(lambda2 / RAD) };
}

function normalizeDegrees(deg: number): number {
  const d = deg % 360;
  return d < 0 ? d + 360 : d;
}

function normalizeLongitude(deg: number): number {
  const d = normalizeDegrees(deg + 180) - 180;
  return d;
}
