import { BARANGAYS, SiteInfoSchema } from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.ts';

/** What the siteRoutes take from the composition root (services.ts hands them over). */
export interface SiteRouteDeps {
  config: AppConfig;
}

export function siteRoutes({ config }: SiteRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/site-info',
      { config: { public: true }, schema: { tags: ['public'], response: { 200: SiteInfoSchema } } },
      async () => ({
        productName: 'SK Tanaw',
        contact: config.contact,
        barangays: BARANGAYS.map((b) => ({ code: b.code, name: b.name })),
      }),
    );
  };
}
