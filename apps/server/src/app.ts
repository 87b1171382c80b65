import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { features } from './features/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { createServices, type AppServices } from './services.ts';

export interface AppOptions {
  clock?: Clock;
  mailer?: Mailer;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the whole app (database migrated and seeded); tests call this, main.ts listens. */
export async function buildApp(
  config: AppConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.token',
          '*.otp',
        ],
        censor: '[redacted]',
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    disableRequestLogging: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const services = await createServices(
    config,
    options.clock ?? systemClock,
    app.log,
    options.mailer,
  );
  app.decorate('services', services);
  app.addHook('onClose', async () => {
    services.mailer.close();
    await services.database.destroy();
  });

  await registerSecurity(app, config);
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 },
  });
  await registerDocs(app);
  registerAuth(app, services.auth);
  for (const feature of features) {
    await app.register(feature(services));
  }
  await registerWeb(app, config.webRoot);
  await app.ready();
  return app;
}
