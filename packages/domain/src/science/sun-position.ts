// Solar position with the NOAA Solar Calculator algorithm (Meeus, "Astronomical Algorithms", 2nd ed.,
// ch. 25 low-accuracy sun; https://gml.noaa.gov/grad/solcalc/calcdetails.html), with NOAA's standard
// atmospheric refraction. Agrees with NREL's SPA (Reda & Andreas 2004) to about 0.01° for 1950–2050,
// which the tests check against SPA reference values.

export interface SunPosition {
  /** Apparent (refraction-corrected) solar zenith angle, degrees. */
  zenithDeg: number;
  /** Azimuth, degrees clockwise from true north, 0 ≤ az < 360. */
  azimuthDeg: number;
}

const RAD = Math.PI / 180;
const MS_PER_DAY = 86_400_000;
/** Julian Day of the Unix epoch, 1970-01-01T00:00Z. */
const JD_UNIX_EPOCH = 2_440_587.5;
/** Julian Day of J2000.0. */
const JD_J2000 = 2_451_545;

/** Apparent solar zenith and azimuth in degrees for an instant and place (degrees N/E), NOAA/Meeus algorithm (within 0.05° of NREL SPA). */
export function sunPosition(date: Date, latitudeDeg: number, longitudeDeg: number): SunPosition {
  const ms = date.getTime();
  const jd = ms / MS_PER_DAY + JD_UNIX_EPOCH;
  const t = (jd - JD_J2000) / 36525; // Julian centuries since J2000.0

  const meanLongitude = mod360(280.46646 + t * (36000.76983 + t * 0.0003032));
  const meanAnomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t);
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const m = meanAnomaly * RAD;
  const center =
    Math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * m) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * m) * 0.000289;
  const trueLongitude = meanLongitude + center;
  const omega = (125.04 - 1934.136 * t) * RAD;
  const apparentLongitude = (trueLongitude - 0.00569 - 0.00478 * Math.sin(omega)) * RAD;
  const meanObliquity = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60;
  const obliquity = (meanObliquity + 0.00256 * Math.cos(omega)) * RAD;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude));

  // Equation of time, minutes.
  const y = Math.tan(obliquity / 2) ** 2;
  const l0 = meanLongitude * RAD;
  const equationOfTime =
    (4 / RAD) *
    (y * Math.sin(2 * l0) -
      2 * eccentricity * Math.sin(m) +
      4 * eccentricity * y * Math.sin(m) * Math.cos(2 * l0) -
      0.5 * y * y * Math.sin(4 * l0) -
      1.25 * eccentricity * eccentricity * Math.sin(2 * m));

  const minutesOfDay = (((ms % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / 60_000;
  const trueSolarTime = mod(minutesOfDay + equationOfTime + 4 * longitudeDeg, 1440);
  const hourAngle = (trueSolarTime / 4 - 180) * RAD;

  const lat = latitudeDeg * RAD;
  const cosZenith = clamp(
    Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle),
  );
  const zenith = Math.acos(cosZenith) / RAD;
  const azimuth = mod360(
    Math.atan2(
      Math.sin(hourAngle),
      Math.cos(hourAngle) * Math.sin(lat) - Math.tan(declination) * Math.cos(lat),
    ) /
      RAD +
      180,
  );
  return { zenithDeg: zenith - refractionDeg(90 - zenith), azimuthDeg: azimuth };
}

/** NOAA's atmospheric refraction (degrees) for a true solar elevation (degrees), standard atmosphere. */
function refractionDeg(elevationDeg: number): number {
  if (elevationDeg > 85) return 0;
  const te = Math.tan(elevationDeg * RAD);
  let arcSeconds: number;
  if (elevationDeg > 5) {
    arcSeconds = 58.1 / te - 0.07 / te ** 3 + 0.000086 / te ** 5;
  } else if (elevationDeg > -0.575) {
    const e = elevationDeg;
    arcSeconds = 1735 + e * (-518.2 + e * (103.4 + e * (-12.79 + e * 0.711)));
  } else {
    arcSeconds = -20.774 / te;
  }
  return arcSeconds / 3600;
}

function mod(x: number, m: number): number {
  const r = x % m;
  return r < 0 ? r + m : r;
}

function mod360(deg: number): number {
  return mod(deg, 360);
}

function clamp(x: number): number {
  return x > 1 ? 1 : x < -1 ? -1 : x;
}
