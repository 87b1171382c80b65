import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.ts';
import { AppError } from '../lib/errors.ts';

/**
 * Whether a request reaches the API, judged as the router sees it: by the matched route, else by
 * the percent-decoded path (`/%61pi/login` is `/api/login`). A path that does not decode counts as
 * API, so it is limited rather than let through.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed?.startsWith('/api')) {
    return true;
  }
  const path = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).startsWith('/api');
  } catch {
    return true;
  }
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.cookieSecure,
  });
  // API answers carry personal data and tokens: no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply) => {
    const current = String(reply.getHeader('cache-control') ?? '');
    if (isApiRequest(request) && !current.includes('no-store')) {
      void reply.header('cache-control', 'no-store');
    }
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only API calls count: one page load fetches dozens of static files.
    allowList: (request) => !isApiRequest(request),
    errorResponseBuilder: () =>
      new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.', 429),
  });
}
