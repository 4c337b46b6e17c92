// Map constants of spec 01 §9 'Map' and spec 03 §2.13 that are not rules (those live in @allclear/domain).

/** A centre and zoom. */
export interface MapView {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** Live Radar default: the Dallas area at zoom 8 (spec 01 §2 'Live Radar page'). */
export const DALLAS_VIEW: MapView = { latitude: 32.78, longitude: -96.8, zoom: 8 };
/** The centre button and the Live Radar recentre zoom (spec 01 §9). */
export const CENTRE_ZOOM = 8;
/** Broadcast all-locations view (spec 03 §2.13). */
export const BROADCAST_ALL_LOCATIONS_VIEW: MapView = { latitude: 38.78, longitude: -96.8, zoom: 3.5 };
/** Broadcast zoom on a picked location (spec 03 §2.13). */
export const BROADCAST_LOCATION_ZOOM = 7.5;
/** Zoom buttons: steps of 1 with a 200 ms transition (spec 01 §9). */
export const ZOOM_STEP = 1;
export const ZOOM_DURATION_MS = 200;
/** Radar layers cover zooms 0 to 14 (spec 01 §9). */
export const RADAR_MIN_ZOOM = 0;
export const RADAR_MAX_ZOOM = 14;
/** Viewport-driven lightning refetch debounce (spec 01 §9). */
export const VIEWPORT_DEBOUNCE_MS = 300;
/** While the frame the timeline asks for is still loading, the previous one stays and is retried this often (spec 01 §9 'image frame swap 100 ms'). */
export const FRAME_SWAP_MS = 100;
/** Hit radius around a click for thin line features and measure vertices, px (spec 01 §9 'line click radius 18'). */
export const LINE_CLICK_RADIUS_PX = 18;
/** Radius ring labels show above this zoom (spec 01 §2 'Map'). */
export const RING_LABEL_MIN_ZOOM = 7;
/** Map fallback text (spec 01 §8). */
export const MAP_FALLBACK_TEXT =
  "Your map data got lost. Give us a moment and we'll find our way back to you!";
