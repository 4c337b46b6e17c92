// Iowa Environmental Mesonet NEXRAD composite base reflectivity (N0Q, 0.5 dBZ steps) as a WMS-T
// image service: the map service proxies frame images from these URLs. IEM serves the US
// composite every 5 minutes, so frame times are rounded down to 5 minutes.

/** Largest image side the spec allows a radar frame request (spec 01 §7, 3000 px). */
export const RADAR_IMAGE_MAX_PX = 3000;
const IEM_WMS_T = 'https://mesonet.agron.iastate.edu/cgi-bin/wms/nexrad/n0q-t.cgi';

/** A box in Web Mercator metres (EPSG:3857), as the radar frame requests send it. */
export interface MercatorBox {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The frame time IEM has for a time: rounded down to the 5-minute composite, ISO 8601 UTC. */
export function iemFrameTime(time: Date): string {
  const step = 5 * 60_000;
  return new Date(Math.floor(time.getTime() / step) * step).toISOString().replace('.000Z', 'Z');
}

/** WMS-T GetMap URL of the IEM N0Q composite for a box (EPSG:3857 metres) and size capped at 3000 px. */
export function iemRadarWmsUrl(
  time: Date,
  box: MercatorBox,
  width: number,
  height: number,
  baseUrl: string = IEM_WMS_T,
): string {
  const scale = Math.min(1, RADAR_IMAGE_MAX_PX / Math.max(width, height));
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.1.1',
    REQUEST: 'GetMap',
    LAYERS: 'nexrad-n0q-wmst',
    STYLES: '',
    SRS: 'EPSG:3857',
    BBOX: [box.minX, box.minY, box.maxX, box.maxY].join(','),
    WIDTH: String(Math.max(1, Math.round(width * scale))),
    HEIGHT: String(Math.max(1, Math.round(height * scale))),
    FORMAT: 'image/png',
    TRANSPARENT: 'true',
    TIME: iemFrameTime(time),
  });
  return `${baseUrl}?${params.toString()}`;
}
