import {
  ApiMessageSchema,
  KK_MESSAGES,
  KK_WINDOW_MESSAGES,
  KK_WINDOW_QUERY,
  KkWindowIdParamsSchema,
  KkWindowInputSchema,
  kkCloseWindowEndpoint,
  kkOpenWindowEndpoint,
  kkWindowsEndpoint,
  type KkWindow,
} from '@sk-tanaw/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { currentUser, requestContext, rowOfCaller, type RawParams } from '../../plugins/auth.ts';
import { qrSvg } from './qr.ts';
import { requirePersonalAccess } from './service.ts';
import { findWindow } from './windows-repository.ts';
import type { KkWindowService, KkWindowState } from './windows.ts';

const errors = { '4xx': ApiMessageSchema, '5xx': ApiMessageSchema };
const TAG = 'kk';

/** Where the public form is: the installation's PUBLIC_URL, else the address called. */
export function publicBase(config: AppConfig, request: FastifyRequest): string {
  return (config.onboarding.publicUrl ?? `${request.protocol}://${request.host}`).replace(
    /\/+$/,
    '',
  );
}

export interface KkWindowRouteDeps {
  kkWindows: KkWindowService;
  db: AppDb;
  config: AppConfig;
}

/**
 * Assembly windows of the public form: the chairperson and the designated SK secretary (who
 * verify what the form takes) open, list and close them; decided before any body is read.
 */
export function kkWindowRoutes(services: KkWindowRouteDeps): FastifyPluginAsyncZod {
  const { kkWindows, db, config } = services;
  return async (app) => {
    const notSecretary = () => forbidden(KK_MESSAGES.notSecretary, 'KK_NOT_SECRETARY');
    const windowOfCaller = rowOfCaller(db, findWindow, () =>
      notFound(KK_WINDOW_MESSAGES.notFound, 'KK_WINDOW_NOT_FOUND'),
    );
    const keeper = (withRow: boolean) =>
      app.requireUser({
        action: 'kk.stats',
        role: { action: 'kk.personal', refuse: notSecretary },
        resource: async (user: AuthUser, params: RawParams) => {
          await requirePersonalAccess(db, user);
          if (withRow) {
            await windowOfCaller(user, params);
          }
        },
      });
    const withLink = async (request: FastifyRequest, window: KkWindowState): Promise<KkWindow> => {
      const { token, ...rest } = window;
      const code = encodeURIComponent(currentUser(request).barangayCode);
      const path = `/kk/${code}?${KK_WINDOW_QUERY}=${encodeURIComponent(token)}`;
      const url = `${publicBase(config, request)}${path}`;
      return { ...rest, path, url, svg: await qrSvg(url) };
    };

    app.get(
      kkWindowsEndpoint.path,
      {
        onRequest: keeper(false),
        schema: {
          tags: [TAG],
          description:
            "The barangay's latest assembly windows of the public form, each with its link and QR code.",
          response: { 200: kkWindowsEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const windows = await kkWindows.list(currentUser(request));
        return {
          success: true as const,
          windows: await Promise.all(windows.map((w) => withLink(request, w))),
        };
      },
    );

    app.post(
      kkOpenWindowEndpoint.path,
      {
        onRequest: keeper(false),
        schema: {
          tags: [TAG],
          description:
            'Opens an assembly window of the public form for the hours of a KK assembly (at most 12): submissions through its link are not held to the limit per address, but to the window’s own cap. Audited.',
          body: KkWindowInputSchema,
          response: { 200: kkOpenWindowEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: KK_WINDOW_MESSAGES.opened,
        window: await withLink(
          request,
          await kkWindows.open(currentUser(request), request.body, requestContext(request)),
        ),
      }),
    );

    app.post(
      kkCloseWindowEndpoint.path,
      {
        onRequest: keeper(true),
        schema: {
          tags: [TAG],
          description: 'Closes an assembly window at once (before its end); audited.',
          params: KkWindowIdParamsSchema,
          response: { 200: kkCloseWindowEndpoint.response, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        message: KK_WINDOW_MESSAGES.closed,
        window: await withLink(
          request,
          await kkWindows.close(currentUser(request), request.params.id, requestContext(request)),
        ),
      }),
    );
  };
}
