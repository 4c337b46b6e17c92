// Layer ids the map's click and hover handling looks for.

/** A transparent layer that marks the top of the radar stack: radar frames are inserted below it. */
export const RADAR_ANCHOR_LAYER = 'allclear-radar-anchor';
export const STRIKE_LAYER = 'allclear-strikes';
export const STRIKE_CLUSTER_LAYER = 'allclear-strike-clusters';
export const STORM_CELL_LAYER = 'allclear-storm-cells';
export const NWS_ALERT_FILL_LAYER = 'allclear-nws-alerts-fill';
export const TROPICAL_POINT_LAYER = 'allclear-tropical-points';
export const ROAD_LINE_LAYER = 'allclear-road-lines';

/** Source id of radar frame i of a radar type. */
export function radarSourceId(type: string, time: string): string {
  return `allclear-radar-${type}-${time}`;
}

/** Layers a click (outside measure mode) can hit, most specific first: the first hit of this order wins. */
export const CLICKABLE_LAYERS = [
  STRIKE_CLUSTER_LAYER,
  STRIKE_LAYER,
  STORM_CELL_LAYER,
  TROPICAL_POINT_LAYER,
  NWS_ALERT_FILL_LAYER,
] as const;

/** Features under a click, most specific first (the order of CLICKABLE_LAYERS), not in drawing order. */
export function byClickPriority<F extends { layer: { id: string } }>(features: readonly F[]): F[] {
  const rank = (f: F) => (CLICKABLE_LAYERS as readonly string[]).indexOf(f.layer.id);
  return [...features].sort((a, b) => rank(a) - rank(b));
}
