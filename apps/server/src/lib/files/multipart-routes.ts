import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What every multipart body may hold besides its file, whatever the route: one file, a few small
 * fields. The file's own size limit is each route's (`partsOf` requires it), cut while it streams.
 */
const LIMITS = { files: 1, fields: 20, fieldSize: 64 * 1024 };

/**
 * The routes that take files, in a scope of their own with the multipart parser. Registered for
 * the whole app, @fastify/multipart gave every request two asynchronous hooks (a `close` listener
 * on arrival, a clean-up of saved files on answer: we save none), measured among the largest
 * costs of a plain API call; here only the upload routes pass them. A multipart body sent to any
 * other route is refused as an unsupported media type (415).
 */
export function withMultipart(routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (scope, options) => {
    await scope.register(multipart, { limits: LIMITS });
    await routes(scope, options);
  };
}
