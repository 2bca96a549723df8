import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Compressed answers where it pays (issue 29): controllers sync over weak mobile links, where the
 * wire, not the server, is the limit. Brotli or gzip, negotiated from Accept-Encoding.
 *
 * - Types: text, JSON, XML, and what mime-db calls compressible (the plugin falls back on it).
 *   PDFs, images, woff fonts and xlsx (a zip) are already compressed: mime-db says so and they are
 *   sent as they are; so are event streams. The built PWA's files come precompressed from the
 *   build (`.br`/`.gz` beside them, served by `plugins/web.ts`): no CPU per request for those.
 * - Threshold 1 KB: under it the headers cost more than the gain.
 * - Levels chosen by measured CPU on a 200-document directory page (266 KB of JSON; figures in
 *   docs/decisions.md): brotli 5 makes it 25.0 KB in 2.5 ms, brotli 4 27.7 KB in 1.5 ms, gzip 6
 *   28.4 KB in 2.4 ms, brotli 11 20.0 KB in 310 ms — ten times what building the page costs.
 * - Streams are flushed on every write (`flush`): a feed streamed in batches reaches the device
 *   batch by batch instead of waiting for zlib's buffer to fill. A one-piece answer is compressed
 *   in one go either way.
 * - 206 and Content-Range answers are never compressed by the plugin (their offsets are of the
 *   unencoded bytes).
 */
export const TYPES_COMPRESSES = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/u;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: TYPES_COMPRESSES,
    brotliOptions: {
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    },
    zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
  });
}
