// Where a map popup goes so it stays inside the visible map and clear of the map's controls (issue 20 'Maps you
// can use'): MapLibre's own anchoring knows the map's edges only, not the menus and tools laid over it. Pure, in the
// map container's pixels.

/** A box in the map container's pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** MapLibre popup anchors: the side of the popup that touches the point. */
export type PopupAnchor =
  'top' | 'bottom' | 'left' | 'right' | 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

export interface PopupFit {
  anchor: PopupAnchor;
  /** How far to pan the map, px ([x, y] as map.panBy takes it), so the popup lands inside the free box; [0, 0] if it does already. */
  pan: [number, number];
}

/** The popup's box when it touches the point with the given anchor (gap: the tip and the offset, px). */
export function popupBox(
  point: { x: number; y: number },
  size: { width: number; height: number },
  anchor: PopupAnchor,
  gap: number,
): Box {
  const [v, h] = anchor.includes('-') ? anchor.split('-') : [anchor, ''];
  let left = point.x - size.width / 2;
  let top = point.y - size.height / 2;
  if (v === 'top') top = point.y + gap;
  if (v === 'bottom') top = point.y - gap - size.height;
  if (v === 'left') left = point.x + gap;
  if (v === 'right') left = point.x - gap - size.width;
  if (h === 'left') left = point.x;
  if (h === 'right') left = point.x - size.width;
  return { left, top, right: left + size.width, bottom: top + size.height };
}

/**
 * The anchor that fits the popup inside the free box, preferring above the point, then below, then beside it; if
 * none fits, the anchor with the most room and the pan that brings the popup inside the free box.
 */
export function fitPopup(
  point: { x: number; y: number },
  size: { width: number; height: number },
  free: Box,
  gap = 12,
): PopupFit {
  const candidates: PopupAnchor[] = [
    'bottom',
    'top',
    'bottom-left',
    'bottom-right',
    'top-left',
    'top-right',
    'left',
    'right',
  ];
  const overflow = (b: Box) =>
    Math.max(0, free.left - b.left) +
    Math.max(0, b.right - free.right) +
    Math.max(0, free.top - b.top) +
    Math.max(0, b.bottom - free.bottom);
  let best = candidates[0]!;
  let bestOverflow = Infinity;
  for (const anchor of candidates) {
    const o = overflow(popupBox(point, size, anchor, gap));
    if (o === 0) return { anchor, pan: [0, 0] };
    if (o < bestOverflow) [best, bestOverflow] = [anchor, o];
  }
  const b = popupBox(point, size, best, gap);
  // Move the popup (and the map under it) by d; panBy takes the opposite direction.
  const shift = (lo: number, hi: number, freeLo: number, freeHi: number) =>
    hi - lo > freeHi - freeLo ? freeLo - lo : lo < freeLo ? freeLo - lo : hi > freeHi ? freeHi - hi : 0;
  const dx = shift(b.left, b.right, free.left, free.right);
  const dy = shift(b.top, b.bottom, free.top, free.bottom);
  return { anchor: best, pan: [0 - dx, 0 - dy] };
}
