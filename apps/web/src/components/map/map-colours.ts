// Colours the map draws with: strike age colours (names from @allclear/domain), and the road-condition legend.
import { STRIKE_AGE_BANDS, type StrikeAgeColour } from '@allclear/domain';

/** Hex of the strike age colour names red, yellow, green (spec 01 §9). */
export const AGE_HEX: Readonly<Record<StrikeAgeColour, string>> = {
  red: '#ff1744',
  yellow: '#ffd600',
  green: '#00c853',
};

/**
 * A MapLibre `step` expression colouring a feature by its Age property (seconds) with the domain's bands: under
 * 300 red, 300 to under 900 yellow, 900 to under 1800 green; older is grey (the server only sends 30 minutes).
 */
export function strikeAgeColourExpression(): unknown[] {
  const [first, ...rest] = STRIKE_AGE_BANDS;
  const expr: unknown[] = ['step', ['get', 'Age'], AGE_HEX[first!.colour]];
  for (const band of rest) expr.push(band.fromSeconds, AGE_HEX[band.colour]);
  expr.push(STRIKE_AGE_BANDS[STRIKE_AGE_BANDS.length - 1]!.toSeconds, '#9e9e9e');
  return expr;
}

/** Road-condition legend rows (conditions of the road-condition product; the segments carry their own Color). */
export const ROAD_CONDITION_LEGEND: readonly { condition: string; label: string; colour: string }[] = [
  { condition: 'dry', label: 'Dry', colour: '#2e7d32' },
  { condition: 'wet', label: 'Wet', colour: '#1e88e5' },
  { condition: 'standing-water', label: 'Standing Water', colour: '#00897b' },
  { condition: 'icy', label: 'Icy', colour: '#8e24aa' },
  { condition: 'snow-covered', label: 'Snow Covered', colour: '#eceff1' },
];
