// Where the selection popup goes: inside the part of the map no control covers (below the top bar, left of the tool
// stack, above the radar bar), with an anchor that fits there, else the map pans so it does; a popup taller than
// that part scrolls. Measured again whenever the popup or the map box changes size.
import { useEffect, useState, type RefObject } from 'react';
import type { MapInstance, maplibregl } from './maplibre.ts';
import { fitPopup, type Box as PixelBox, type PopupAnchor } from './popups/popup-fit.ts';

/** Room kept between a popup and the map's edge or a control, px. */
const POPUP_MARGIN_PX = 8;
/** The popup's offset from its point (MapLibre's tip is 10 px more), px. */
export const POPUP_OFFSET_PX = 4;
export const POPUP_GAP_PX = POPUP_OFFSET_PX + 10;

/** The boxes placement reads: the map box, the popup, and the controls the popup keeps clear of. */
export interface PopupPlacementRefs {
  container: RefObject<HTMLElement | null>;
  popup: RefObject<maplibregl.Popup | null>;
  topBar: RefObject<HTMLElement | null>;
  toolStack: RefObject<HTMLElement | null>;
  bottomBar: RefObject<HTMLElement | null>;
}

export interface PopupPlacement {
  anchor: PopupAnchor;
  /** The free part of the map box, px from its top left; null before the first measure. */
  freeBox: PixelBox | null;
}

/**
 * Places the popup of the selection named `selectionKey` (null: none) on `map`. The map pans with
 * `{ popupFit: true }` in its event data, so the move handlers can tell it from the user's.
 */
export function usePopupPlacement(
  map: MapInstance | null,
  refs: PopupPlacementRefs,
  selectionKey: string | null,
): PopupPlacement {
  const { container: containerRef, popup: popupRef, topBar, toolStack, bottomBar } = refs;
  const [anchor, setAnchor] = useState<PopupAnchor>('bottom');
  const [freeBox, setFreeBox] = useState<PixelBox | null>(null);

  useEffect(() => {
    const popupEl = popupRef.current?.getElement();
    const container = containerRef.current;
    if (!map || !selectionKey || !popupEl || !container) return undefined;
    const content = popupEl.querySelector<HTMLElement>('.maplibregl-popup-content') ?? popupEl;
    const fit = () => {
      const c = container.getBoundingClientRect();
      const rel = (el: HTMLElement | null) => el?.getBoundingClientRect();
      const top = rel(topBar.current);
      const tools = rel(toolStack.current);
      const bottom = rel(bottomBar.current);
      const free: PixelBox = {
        left: POPUP_MARGIN_PX,
        top: (top && top.height > 0 ? top.bottom - c.top : 0) + POPUP_MARGIN_PX,
        right: (tools && tools.width > 0 ? tools.left - c.left : c.width) - POPUP_MARGIN_PX,
        bottom: (bottom && bottom.height > 0 ? bottom.top - c.top : c.height) - POPUP_MARGIN_PX,
      };
      setFreeBox((prev) =>
        prev && (Object.keys(free) as (keyof PixelBox)[]).every((k) => prev[k] === free[k]) ? prev : free,
      );
      const lngLat = popupRef.current?.getLngLat();
      if (!lngLat) return;
      const point = map.project(lngLat);
      const placed = fitPopup(
        point,
        { width: content.offsetWidth, height: content.offsetHeight },
        free,
        POPUP_GAP_PX,
      );
      setAnchor(placed.anchor);
      if (placed.pan[0] !== 0 || placed.pan[1] !== 0)
        map.panBy(placed.pan, { duration: 0 }, { popupFit: true });
    };
    fit();
    const observer = new ResizeObserver(() => fit());
    observer.observe(content);
    observer.observe(container);
    return () => observer.disconnect();
  }, [map, containerRef, popupRef, topBar, toolStack, bottomBar, selectionKey]);

  return { anchor, freeBox };
}
