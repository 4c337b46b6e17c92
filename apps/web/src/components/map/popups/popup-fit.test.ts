import { describe, expect, it } from 'vitest';
import { fitPopup, popupBox } from './popup-fit.ts';

// A 390×600 map whose menu buttons end at y 90, tool stack starts at x 330, radar bar starts at y 520.
const FREE = { left: 8, top: 98, right: 322, bottom: 512 };
const SIZE = { width: 280, height: 300 };

describe('fitPopup', () => {
  it('keeps the popup above the point when it fits there', () => {
    expect(fitPopup({ x: 165, y: 450 }, SIZE, FREE, 14)).toEqual({ anchor: 'bottom', pan: [0, 0] });
  });

  it('puts it below the point when the menu buttons take the room above (390 px, click at the centre)', () => {
    const fit = fitPopup({ x: 165, y: 190 }, SIZE, FREE, 14);
    expect(fit).toEqual({ anchor: 'top', pan: [0, 0] });
    const box = popupBox({ x: 165, y: 190 }, SIZE, fit.anchor, 14);
    expect(box.top).toBeGreaterThanOrEqual(FREE.top);
    expect(box.bottom).toBeLessThanOrEqual(FREE.bottom);
  });

  it('beside the edge it shifts to a corner anchor', () => {
    expect(fitPopup({ x: 20, y: 450 }, SIZE, FREE, 14).anchor).toBe('bottom-left');
    expect(fitPopup({ x: 310, y: 450 }, SIZE, FREE, 14).anchor).toBe('bottom-right');
  });

  it('pans the map when no anchor fits, so the popup lands inside the free box', () => {
    const point = { x: 165, y: 300 };
    const fit = fitPopup(point, SIZE, FREE, 14);
    expect(fit.pan).not.toEqual([0, 0]);
    const moved = { x: point.x - fit.pan[0], y: point.y - fit.pan[1] };
    const box = popupBox(moved, SIZE, fit.anchor, 14);
    expect(box.top).toBeGreaterThanOrEqual(FREE.top);
    expect(box.bottom).toBeLessThanOrEqual(FREE.bottom);
    expect(box.left).toBeGreaterThanOrEqual(FREE.left);
    expect(box.right).toBeLessThanOrEqual(FREE.right);
  });
});
