// HTTP helpers of the map service: conditional image replies and the origin the browser sees.
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface ImageReply {
  body: Buffer;
  etag: string;
  contentType: string;
  cacheControl: string;
  /** Response headers built once for a cached image (imageReply); built here when absent. */
  headers?: Readonly<Record<string, string>>;
}

/** Whether an If-None-Match header names the ETag (or is `*`). */
function matches(ifNoneMatch: string, etag: string): boolean {
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** Sends an image with its Cache-Control and ETag; 304 when the client already has it. */
export function sendImage(request: FastifyRequest, reply: FastifyReply, image: ImageReply): FastifyReply {
  const match = request.headers['if-none-match'];
  if (match && matches(match, image.etag)) {
    return reply.code(304).header('cache-control', image.cacheControl).header('etag', image.etag).send();
  }
  const headers = image.headers ?? {
    'content-type': image.contentType,
    'cache-control': image.cacheControl,
    etag: image.etag,
  };
  return reply.headers(headers).send(image.body);
}

/** Origin of this server as the browser addressed it (forwarded headers first, for a proxy). */
export function requestOrigin(request: FastifyRequest): string {
  const forwardedHost = request.headers['x-forwarded-host'];
  const forwardedProto = request.headers['x-forwarded-proto'];
  const host =
    (Array.isArray(forwardedHost) ? forwardedHost[0] : forwardedHost)?.split(',')[0]?.trim() || request.host;
  const proto =
    (Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto)?.split(',')[0]?.trim() ||
    request.protocol;
  return `${proto}://${host}`;
}

/** Parses a tile coordinate segment ('12' or '12.png' / '12.pbf'); null when not a whole number. */
export function tileIndex(segment: string, extension: string): number | null {
  const text = extension && segment.endsWith(extension) ? segment.slice(0, -extension.length) : segment;
  if (!/^\d{1,7}$/.test(text)) return null;
  return Number(text);
}
