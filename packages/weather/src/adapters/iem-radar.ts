// Iowa Environmental Mesonet NEXRAD composite base reflectivity (N0Q, 0.5 dBZ steps) as a WMS-T
// image service: the map service fetches frame images from these URLs and decodes them back to
// reflectivity, so real radar is drawn with the same colour table as the simulator's. IEM serves
// the US composite every 5 minutes, so frame times are rounded down to 5 minutes.
import { crc32 } from 'node:zlib';
import { PNG } from 'pngjs';
import { MalformedResponseError } from './resilient-fetch.ts';

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

/** Reflectivity of an N0Q palette index, dBZ: 0.5-dBZ steps, index 1 = -32 dBZ; index 0 (no data) is 0, no echo. */
export function n0qIndexToDbz(index: number): number {
  return index === 0 ? 0 : index * 0.5 - 32.5;
}

/** A decoded radar image: reflectivity per pixel, row-major from the top-left, 0 for no echo. */
export interface ReflectivityImage {
  width: number;
  height: number;
  dbz: Float32Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PALETTE_COLOUR_TYPE = 3;

/**
 * Decodes an IEM N0Q image (an 8-bit palette PNG) to reflectivity. The meaning is in the palette
 * index, not the colour, so the PLTE chunk is swapped for an identity palette (entry i = red i)
 * before pngjs decodes it: the red channel of each pixel is then its index, whatever colours IEM
 * uses. Throws MalformedResponseError for anything that is not an 8-bit palette PNG.
 */
export function decodeN0qPng(bytes: Uint8Array): ReflectivityImage {
  const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE))
    throw new MalformedResponseError('The radar image is not a PNG.');
  const bitDepth = png[24];
  const colourType = png[25];
  if (colourType !== PALETTE_COLOUR_TYPE || bitDepth !== 8)
    throw new MalformedResponseError(
      `The radar image is not an 8-bit palette PNG (colour type ${colourType}, depth ${bitDepth}).`,
    );
  const indexed = Buffer.from(png);
  replacePaletteWithIdentity(indexed);
  let decoded: PNG;
  try {
    decoded = PNG.sync.read(indexed);
  } catch (err) {
    throw new MalformedResponseError(`The radar image does not decode: ${(err as Error).message}`);
  }
  const { width, height, data } = decoded;
  const dbz = new Float32Array(width * height);
  for (let i = 0; i < dbz.length; i++) dbz[i] = n0qIndexToDbz(data[i * 4]!);
  return { width, height, dbz };
}

/** Rewrites the PLTE chunk in place as entry i = (i, 0, 0), fixing its CRC. */
function replacePaletteWithIdentity(png: Buffer): void {
  let offset = 8;
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const dataStart = offset + 8;
    if (dataStart + length + 4 > png.length) break;
    if (type === 'PLTE') {
      for (let entry = 0; entry < length / 3; entry++) {
        png[dataStart + entry * 3] = entry;
        png[dataStart + entry * 3 + 1] = 0;
        png[dataStart + entry * 3 + 2] = 0;
      }
      png.writeUInt32BE(crc32(png.subarray(offset + 4, dataStart + length)), dataStart + length);
      return;
    }
    if (type === 'IDAT' || type === 'IEND') break;
    offset = dataStart + length + 4;
  }
  throw new MalformedResponseError('The radar image has no palette.');
}
