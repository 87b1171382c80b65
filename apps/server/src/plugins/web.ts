import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app, with history fallback: any GET outside /api that is not a file gets
 * index.html so client-side routes survive a reload. Unknown /api routes answer JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webRoot: string): Promise<void> {
  const root = resolve(webRoot);
  const available = existsSync(resolve(root, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root,
      // Looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      index: false,
      cacheControl: false,
      // Serves the .br/.gz files the web build writes next to each asset.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  if (available) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (isPage && available) {
      return sendIndex(reply);
    }
    if (isPage) {
      return reply.status(503).send({
        success: false,
        message: 'The web app has not been built yet. Run "npm run build" and restart.',
      });
    }
    return reply
      .status(404)
      .send({ success: false, message: `Not found: ${request.method} ${path}` });
  });
}
