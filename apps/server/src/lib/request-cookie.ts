import type { FastifyRequest } from 'fastify';

/** A cookie of the request, parsed from its Cookie header the first time a route asks. */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  // `cookies` is null until parsed (the plugin parses nothing by itself: `hook: false`).
  const cookies =
    (request.cookies as FastifyRequest['cookies'] | null) ??
    (request.cookies = request.headers.cookie
      ? request.server.parseCookie(request.headers.cookie)
      : {});
  return cookies[name];
}
