import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from '../lib/errors';

/**
 * Serves the built PWA. Hashed assets are immutable; the shell, manifest and service worker are
 * revalidated on every load so an update is found as soon as it is deployed. Any other GET that
 * is not an API path gets index.html (client-side routes).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(path.join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      // A wildcard route, not one route per file found at start: a redeploy that replaces dist/
      // is served without restarting.
      wildcard: true,
      index: false,
      // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent as
      // they are to a browser that accepts them, with no compression work per request.
      preCompressed: true,
      // `send` would write its own `max-age=0` over the header set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // A cache between the server and the browser keeps one form per accepted encoding.
        res.setHeader('vary', 'accept-encoding');
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const shell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  // The static wildcard answers the root folder itself with 403 (no directory index): the root
  // is the shell, like every client route.
  if (hasBuild) app.get('/', { schema: { hide: true } }, (_request, reply) => shell(reply));
  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '';
    if (!hasBuild || request.method !== 'GET' || url.startsWith('/api')) {
      throw notFound(`Aucune ressource pour ${request.method} ${url.split('?')[0]}`);
    }
    if (path.extname(url.split('?')[0] ?? '') !== '') {
      throw notFound('Fichier introuvable');
    }
    return shell(reply);
  });
}
