// Warm image replies: headers built once per cached image and Cache-Control, and conditional GETs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { etagOf, imageReply, type CachedImage } from './image-cache.ts';
import { sendImage } from './http.ts';

const body = Buffer.from('not really a png');
const image: CachedImage = { body, etag: etagOf(body), contentType: 'image/png' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('imageReply', () => {
  it('builds the headers once per image and Cache-Control, and reuses them on every hit', () => {
    const first = imageReply(image, IMMUTABLE);
    expect(first.headers).toEqual({
      'content-type': 'image/png',
      'cache-control': IMMUTABLE,
      etag: image.etag,
    });
    expect(imageReply(image, IMMUTABLE)).toBe(first);
    const live = imageReply(image, 'public, max-age=60');
    expect(live).not.toBe(first);
    expect(live.headers['cache-control']).toBe('public, max-age=60');
    // another image with the same bytes is another entry: no reply outlives its cached image
    expect(imageReply({ ...image }, IMMUTABLE)).not.toBe(first);
  });
});

describe('sendImage', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.get('/tile', (request, reply) => sendImage(request, reply, imageReply(image, IMMUTABLE)));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/tile', headers });

  it('sends the bytes with their type, Cache-Control and ETag', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toBe(image.etag);
  });

  it('answers 304 without a body to a matching, weak, listed or * If-None-Match', async () => {
    for (const tag of [image.etag, `W/${image.etag}`, `"other", ${image.etag}`, '*']) {
      const res = await get({ 'if-none-match': tag });
      expect(res.statusCode, tag).toBe(304);
      expect(res.rawPayload.length, tag).toBe(0);
      expect(res.headers.etag, tag).toBe(image.etag);
    }
  });

  it('sends the image again to an If-None-Match naming another version', async () => {
    const res = await get({ 'if-none-match': '"stale"' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(body);
  });
});
