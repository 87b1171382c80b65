import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import pino from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { registerRestoreWriteGuard } from './features/backup/routes.ts';
import { features } from './features/index.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { BatchedLogDestination } from './lib/log-destination.ts';
import { deferredRequestLoggers } from './lib/request-logger.ts';
import { urlForLog } from './lib/log-url.ts';
import { memoisingSerializer } from './lib/reusable-answer.ts';
import type { Mailer } from './mail/mailer.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerDocs } from './plugins/docs.ts';
import { registerRouteAccess } from './plugins/route-access.ts';
import type { DocumentStorage } from './lib/files/storage.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/errors.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { createServices, type AppServices } from './services.ts';

/** pino's number for the info level. */
const INFO_LEVEL = 30;

export interface AppOptions {
  clock?: Clock;
  mailer?: Mailer;
  /** Where documents are stored; default DATA_DIR/uploads on local disk. */
  storage?: DocumentStorage;
  /** Where logs go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /**
   * Tests only: how long a restore waits before it takes another process's unchanged row for a
   * dead process's (write-drain.ts STALE_MS, 30 s, when not given). A test that kills a server
   * and restores at once on PostgreSQL would otherwise wait that long for the dead one's row.
   */
  staleProcessMs?: number;
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
  // Logs go to stdout in batches (lib/log-destination.ts): a write per line would cost every
  // request a system call. What is held is written at least every second, on close and on exit.
  const logStream = options.logStream ?? new BatchedLogDestination(1);
  const serializers = {
    // Fastify's own request fields, with secret query values (signed links, tokens) removed.
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: urlForLog(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket.remotePort,
    }),
    res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  };
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-access-reason"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.token',
          '*.otp',
        ],
        censor: '[redacted]',
      },
      serializers,
      stream: logStream,
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One line per request, written when it is answered (see below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's child logger is made only when the request logs (lib/request-logger.ts).
    childLoggerFactory: deferredRequestLoggers(pino.levels.values),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A client trickling its headers or body is cut off (408) instead of holding a connection.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.requestMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.requestMs,
      // How often Node checks those limits (its default, 30 s, would let short limits slip).
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, config.timeouts.headersMs / 2)),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoisingSerializer(serializerCompiler));
  registerErrorHandler(app);
  // The line each answered request writes, through a logger of its own without redaction: it
  // holds only the fields the serializers above pick (the URL already without secret values), and
  // redaction's scan of every logged object was the dearest part of a request's logging.
  const accessLog = pino({ level: config.logLevel, serializers }, logStream);
  app.addHook('onResponse', (request, reply, done) => {
    // The request's logger carries its route's level (health checks log only failures).
    if ((accessLog.levels.values[request.log.level] ?? 0) <= INFO_LEVEL) {
      accessLog.info(
        { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
    done();
  });

  // Once the app is closing (SIGTERM), every answer still being sent asks the client to close
  // its connection, so keep-alive connections end with their last answer and the process can
  // exit without waiting for clients' idle timeouts; new connections are already refused. (The
  // security plugin's onSend hook adds the header.)
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });

  const services = await createServices(config, options.clock ?? systemClock, app.log, options);
  app.decorate('services', services);
  // Before any route: every route from here on checks its caller in onRequest or is public.
  registerRouteAccess(app);
  registerAuth(app, services.auth);
  if (logStream instanceof BatchedLogDestination) {
    app.addHook('onClose', (_instance, done) => {
      logStream.close();
      done();
    });
  }
  // The document sweep and other upkeep start once the server listens, never before.
  app.addHook('onListen', (done) => {
    services.upkeep.start();
    done();
  });
  app.addHook('onClose', async () => {
    services.upkeep.stop();
    services.restores?.stop();
    // Restores of other processes stop waiting for this one (write-drain.ts).
    await services.backup.leave().catch((error: unknown) => {
      services.logger.warn({ err: error }, 'could not leave the list of server processes');
    });
    // Sends started after an answer finish before the transport closes.
    await services.background.drain();
    services.mailer.close();
    services.redis?.close();
    services.s3?.destroy();
    await services.database.destroy();
  });

  await registerSecurity(app, config, services.redis, { closing: () => closing });
  // After the security hook, so a write refused during a restore carries its headers too.
  registerRestoreWriteGuard(app, services.backup);
  // The multipart parser is registered by the upload routes only (lib/files/multipart-routes.ts).
  await registerDocs(app);
  for (const feature of features) {
    await app.register(feature(services));
  }
  await registerWeb(app, config.webRoot);
  await app.ready();
  return app;
}
