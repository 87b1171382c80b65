import { parse } from 'cookie';
import type { FastifyRequest } from 'fastify';

/**
 * A cookie of the request, read from its Cookie header when a route asks (sign-in and the
 * signed-in routes' guard; nothing else reads one). The `cookie` package parses and writes
 * cookies directly, without @fastify/cookie: that plugin's onSend hook ran on every answer, the
 * health checks' too, to write cookies only sign-in and sign-out set.
 */
export function requestCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  return header ? parse(header)[name] : undefined;
}
