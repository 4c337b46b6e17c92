// A memory-bounded LRU of encoded images (radar frames, tiles, satellite): evicts the least
// recently used entries once the total byte size passes the bound.
import { createHash } from 'node:crypto';

export interface CachedImage {
  body: Buffer;
  /** Strong ETag (quoted), from the bytes. */
  etag: string;
  contentType: string;
}

/** An image with the Cache-Control it is sent with, and its response headers built once. */
export interface ImageReply extends CachedImage {
  cacheControl: string;
  headers: Readonly<Record<string, string>>;
}

const replies = new WeakMap<CachedImage, Map<string, ImageReply>>();

/**
 * The reply of an image under a Cache-Control, built on its first request and reused by every
 * later hit (a warm tile is then a cache lookup and these headers, nothing per request).
 */
export function imageReply(image: CachedImage, cacheControl: string): ImageReply {
  let byControl = replies.get(image);
  if (!byControl) {
    byControl = new Map();
    replies.set(image, byControl);
  }
  let reply = byControl.get(cacheControl);
  if (!reply) {
    reply = {
      ...image,
      cacheControl,
      headers: { 'content-type': image.contentType, 'cache-control': cacheControl, etag: image.etag },
    };
    byControl.set(cacheControl, reply);
  }
  return reply;
}

/** Quoted strong ETag of a body: base64url SHA-1, 27 characters. */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class ImageCache {
  #entries = new Map<string, CachedImage>();
  #bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The entry, marked most recently used; undefined when absent. */
  get(key: string): CachedImage | undefined {
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, image: CachedImage): void {
    const old = this.#entries.get(key);
    if (old) {
      this.#bytes -= old.body.length;
      this.#entries.delete(key);
    }
    if (image.body.length > this.maxBytes) return;
    this.#entries.set(key, image);
    this.#bytes += image.body.length;
    for (const [k, v] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= v.body.length;
    }
  }
}
