import { createWriteStream } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import {
  ApiMessageSchema,
  BACKUP_FILES_PATH,
  BACKUP_MESSAGES,
  BACKUP_NAME_PATTERN,
  InstallBackupBodySchema,
  backupFileUrlEndpoint,
  createBackupEndpoint,
  installBackupEndpoint,
  listBackupsEndpoint,
} from '@sk-tanaw/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/files/content-disposition.ts';
import { firstFilePart, guardAgainstCutShort } from '../../lib/files/upload.ts';
import { signLink, verifyLink } from '../../lib/files/signed-links.ts';
import { AppError, badRequest, forbidden, payloadTooLarge } from '../../lib/errors.ts';
import { currentUser, requestContext } from '../../plugins/auth.ts';
import type { AppConfig } from '../../config/env.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BackupService } from './service.ts';
import { withMultipart } from '../../lib/files/multipart-routes.ts';

const LINK_SCOPE = 'backup';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The backup calls answer a running restore themselves (409 BACKUP_BUSY). */
const OWN_LOCK = new Set([createBackupEndpoint.path, installBackupEndpoint.path]);

/**
 * While a restore replaces the data, every write anywhere in the API is answered 503. A write let
 * through is counted until it is answered (or its client gives up): a restore starting meanwhile
 * waits for it before it takes the pre-restore backup, so a slow upload or a large plan save that
 * passed here before the hold cannot commit after that backup and be lost with the swap.
 */
export function registerRestoreWriteGuard(app: FastifyInstance, backup: BackupService): void {
  // Plain callback hooks: async ones would cost every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (READ_METHODS.has(request.method) || OWN_LOCK.has(request.routeOptions.url ?? '')) {
      done();
      return;
    }
    if (backup.isRestoring()) {
      done(new AppError('RESTORE_IN_PROGRESS', BACKUP_MESSAGES.restoring, 503));
      return;
    }
    backup.writeStarted(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    backup.writeEnded(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    backup.writeEnded(request);
    done();
  });
}

/** The JSON route carries the file as base64 (4/3 of its size); larger files go multipart. */
const JSON_BODY_CAP = 512 * 1024 * 1024;

/** What the backupRoutes take from the composition root (services.ts hands them over). */
export interface BackupRouteDeps {
  backup: BackupService;
  clock: Clock;
  /** Signs and checks the short-lived backup download links. */
  appSecret: string;
  config: AppConfig;
}

export function backupRoutes(services: BackupRouteDeps): FastifyPluginAsyncZod {
  const { backup, clock, appSecret, config } = services;
  return async (app) => {
    // Backups hold every barangay: only the installation's administrators, checked before any
    // body. Council and city accounts both ask (audience `any`): the city administrator of a
    // one-city installation holds them too (holders.ts).
    const installAdmin = app.requireUser({
      audience: 'any',
      action: 'backup.manage',
      resource: (user) => backup.assertInstallAdmin(user),
    });
    backup.startSchedule();
    app.addHook('onClose', async () => {
      backup.stopSchedule();
    });

    app.post(
      createBackupEndpoint.path,
      {
        onRequest: installAdmin,
        schema: {
          tags: ['backup'],
          response: { 200: createBackupEndpoint.response, '4xx': ApiMessageSchema },
        },
      },
      async (request) => {
        const created = await backup.create(currentUser(request), requestContext(request));
        return { success: true as const, message: BACKUP_MESSAGES.created, backup: created };
      },
    );

    app.get(
      listBackupsEndpoint.path,
      {
        onRequest: installAdmin,
        schema: {
          tags: ['backup'],
          response: { 200: listBackupsEndpoint.response, '4xx': ApiMessageSchema },
        },
      },
      async (request) => {
        await backup.assertInstallAdmin(currentUser(request));
        const next = await backup.nextDue();
        return {
          success: true as const,
          backups: await backup.list(),
          schedule: {
            intervalHours: config.backup.intervalHours,
            retention: config.backup.retention,
            nextAt: next ? next.toISOString() : null,
          },
        };
      },
    );

    app.get(
      backupFileUrlEndpoint.path,
      {
        onRequest: installAdmin,
        schema: {
          tags: ['backup'],
          params: z.object({ name: z.string().max(100) }),
          response: { 200: backupFileUrlEndpoint.response, '4xx': ApiMessageSchema },
        },
      },
      async (request) => {
        const { name } = request.params;
        await backup.backupForDownload(currentUser(request), name, requestContext(request));
        return {
          success: true as const,
          url: signLink(appSecret, LINK_SCOPE, BACKUP_FILES_PATH, name, clock.now()),
        };
      },
    );

    // The signed link is the credential (a browser download sends no bearer token).
    app.get(
      `${BACKUP_FILES_PATH}/:name`,
      {
        config: { public: true },
        schema: {
          tags: ['backup'],
          params: z.object({ name: z.string().max(100) }),
          querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const { exp, sig } = request.query;
        if (
          !BACKUP_NAME_PATTERN.test(name) ||
          !verifyLink(appSecret, LINK_SCOPE, name, exp, sig, clock.now())
        ) {
          throw forbidden('This download link is invalid or has expired.', 'INVALID_FILE_LINK');
        }
        const { stream, size } = await backup.openBackup(name);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-disposition', contentDisposition('attachment', name))
          .header('content-length', String(size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(stream);
      },
    );

    // Who may restore, and the one-at-a-time lock, are settled before the body is read, so a
    // refused caller never makes the server take in a large file.
    const holding = new WeakSet<FastifyRequest>();
    const release = async (request: FastifyRequest) => {
      if (holding.has(request)) {
        holding.delete(request);
        backup.endRestore();
      }
      await Promise.resolve();
    };
    const maxBytes = config.backup.uploadMaxBytes;
    // Takes a file: in a scope with the multipart parser (lib/files/multipart-routes.ts).
    await app.register(
      withMultipart(async (uploads) => {
        uploads.post(
          installBackupEndpoint.path,
          {
            bodyLimit: Math.min(Math.ceil((maxBytes * 4) / 3) + 64 * 1024, JSON_BODY_CAP),
            onRequest: [
              installAdmin,
              async (request) => {
                backup.beginRestore();
                holding.add(request);
                await Promise.resolve();
              },
            ],
            onResponse: async (request) => release(request),
            onRequestAbort: async (request) => release(request),
            schema: {
              tags: ['backup'],
              description:
                'Installs a .bak file: JSON `{ file: base64 }` (the spec) or multipart with the file in field `file` (large files).',
              response: { 200: installBackupEndpoint.response, '4xx': ApiMessageSchema },
            },
          },
          async (request) => {
            // The handler owns the lock from here and releases it when the restore has finished.
            holding.delete(request);
            const incoming = await backup.incomingPath();
            try {
              if (request.isMultipart()) {
                const part = await firstFilePart(request, { limits: { fileSize: maxBytes } });
                if (part?.fieldname !== 'file' || !part.filename) {
                  part?.file.resume();
                  throw badRequest(BACKUP_MESSAGES.selectFile, 'FILE_REQUIRED');
                }
                await pipeline(
                  guardAgainstCutShort(request.raw, part.file),
                  createWriteStream(incoming, { mode: 0o600, flags: 'wx' }),
                );
                if (part.file.truncated) {
                  throw payloadTooLarge(
                    `The backup file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
                  );
                }
              } else {
                const parsed = InstallBackupBodySchema.safeParse(request.body);
                if (!parsed.success) {
                  throw badRequest(
                    parsed.error.issues[0]?.message ?? BACKUP_MESSAGES.fileRequired,
                    'FILE_REQUIRED',
                  );
                }
                const bytes = Buffer.from(parsed.data.file, 'base64');
                if (bytes.length === 0) {
                  throw badRequest(BACKUP_MESSAGES.fileRequired, 'FILE_REQUIRED');
                }
                await writeFile(incoming, bytes, { mode: 0o600, flag: 'wx' });
              }
              const restored = await backup.restore(
                incoming,
                currentUser(request),
                requestContext(request),
              );
              return { success: true as const, message: BACKUP_MESSAGES.restored, restored };
            } catch (error) {
              if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
                throw payloadTooLarge(
                  `The backup file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
                );
              }
              throw error;
            } finally {
              await rm(incoming, { force: true });
              backup.endRestore();
            }
          },
        );
      }),
    );
  };
}
