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
    });
    // Cache headers here rather than in the plugin's `setHeaders`, whose signature changed
    // between @fastify/static majors: hashed assets for a year, anything else revalidated.
    app.addHook('onSend', async (request, reply) => {
      if (request.routeOptions.url !== '/*' || reply.hasHeader('cache-control')) {
        return;
      }
      const immutable = reply.statusCode < 400 && request.url.startsWith('/assets/');
      void reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    });
  }
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  if (available) {
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  }
  // Unknown API paths are limited like the rest of the API (plugins/security.ts: a scan of
  // made-up paths counts).
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
        code: 'WEB_NOT_BUILT',
      });
    }
    return reply
      .status(404)
      .send({ success: false, message: `Not found: ${request.method} ${path}`, code: 'NOT_FOUND' });
  });
}
