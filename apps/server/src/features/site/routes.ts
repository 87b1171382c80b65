import { SiteInfoSchema } from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb } from '../../db/database.ts';
import { allowedAccountEmailDomains } from '../../lib/account-email.ts';
import { siteFacts } from './repository.ts';

/** What the siteRoutes take from the composition root (services.ts hands them over). */
export interface SiteRouteDeps {
  config: AppConfig;
  db: AppDb;
}

export function siteRoutes({ config, db }: SiteRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/site-info',
      { config: { public: true }, schema: { tags: ['public'], response: { 200: SiteInfoSchema } } },
      async () => ({
        productName: 'SK Tanaw',
        contact: config.contact,
        accountEmailDomains: allowedAccountEmailDomains(config),
        // The landing picker shows buttons for up to four barangays, a search beyond.
        ...(await siteFacts(db)),
      }),
    );
  };
}
