// The public self-profiling form's intake: what a submission must be, and how many are taken.
//
// Two counts per client address and hour: every call (a larger limit, so a flood of refused or
// malformed submissions stays bounded), and the submissions taken (the smaller limit: a
// refused submission does not use it up). A submission carrying the token of an assembly window
// open now is held to neither count of the address (a barangay hall's Wi-Fi gives everyone there
// one public address) but to the window's: its calls per hour and the profiles it takes at most.
// Nothing is stored for a refused submission, and no answer repeats what was sent.
import {
  KK_GUARDIAN_CONSENT_BELOW,
  KK_MESSAGES,
  KK_WINDOW_MAX_SUBMISSIONS,
  KK_WINDOW_MESSAGES,
  ageOn,
  type KkPublicProfileSchema,
} from '@sk-tanaw/contract';
import type { z } from 'zod';
import { writeAudit } from '../../common/audit-repository.ts';
import { barangayByCode } from '../../common/repository.ts';
import type { AppDb } from '../../db/database.ts';
import type { RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { manilaDate } from '../tracker/context.ts';
import type { KkCipher } from './crypto.ts';
import { ageProblem, unprocessable } from './import-rows.ts';
import * as repo from './repository.ts';
import { KK_MODULE } from './service.ts';
import { claimPlace, findWindow } from './windows-repository.ts';
import { isOpen, type KkWindowService } from './windows.ts';

/** Calls of the public form per hour through one assembly window, from any address. */
export const KK_WINDOW_CALLS_PER_HOUR = 2000;

export interface KkIntakeLimits {
  /** Counts a call of an address (refused ones included); false: over the limit. */
  call(ip: string): Promise<boolean>;
  /** Counts a call through an assembly window; false: over KK_WINDOW_CALLS_PER_HOUR. */
  windowCall(windowId: number): Promise<boolean>;
  /** Counts a submission taken from an address and for a barangay; false: over a limit. */
  taken(ip: string, barangayId: number): Promise<boolean>;
}

export interface KkIntakeDeps {
  db: AppDb;
  clock: Clock;
  cipher: KkCipher;
  windows: KkWindowService;
  limits: KkIntakeLimits;
}

const rateLimited = () =>
  new AppError('RATE_LIMITED', 'Too many submissions. Please try again later.', 429);
const barangayNotFound = () => notFound('Barangay not found.', 'BARANGAY_NOT_FOUND');

export function createKkIntakeService(deps: KkIntakeDeps) {
  const { db, clock, cipher, windows, limits } = deps;

  /** The window a token names for the barangay, when it is open now; else undefined. */
  const openWindow = async (barangayId: number, token: string | undefined) => {
    if (!token) {
      return undefined;
    }
    const row = await windows.byToken(db, { barangayId }, token);
    return row && isOpen(row, clock.now().toISOString()) ? row : undefined;
  };

  return {
    /** GET /api/public/kk/:barangayCode (`?window=` tells whether that window is open). */
    async form(code: string, token: string | undefined) {
      const barangay = await barangayByCode(db, code);
      if (!barangay) {
        throw barangayNotFound();
      }
      let window: { open: boolean; endsAt: string | null } | null = null;
      if (token !== undefined) {
        const row = await openWindow(barangay.id, token);
        window = { open: row !== undefined, endsAt: row?.ends_at ?? null };
      }
      return {
        success: true as const,
        barangay: { code: barangay.code, name: barangay.name },
        window,
      };
    },

    /**
     * Counts a call of the submission route before its body is read (the route's onRequest):
     * against its open assembly window when the token names one, else against its address.
     */
    async admitCall(code: string, token: string | undefined, ip: string): Promise<void> {
      const barangay = token ? await barangayByCode(db, code) : undefined;
      const window = barangay ? await openWindow(barangay.id, token) : undefined;
      const allowed = window ? await limits.windowCall(window.id) : await limits.call(ip);
      if (!allowed) {
        throw rateLimited();
      }
    },

    /**
     * POST /api/public/kk/:barangayCode/profiles: waits as `pending` for the secretary. The
     * trap field filled (a robot) answers as a success and saves nothing.
     */
    async submit(
      code: string,
      token: string | undefined,
      input: z.output<typeof KkPublicProfileSchema>,
      ctx: RequestContext,
    ): Promise<void> {
      const barangay = await barangayByCode(db, code);
      if (!barangay) {
        throw barangayNotFound();
      }
      if (input.website.trim() !== '') {
        return;
      }
      const day = manilaDate(clock.now());
      const problem = ageProblem(input, day);
      if (problem) {
        throw unprocessable('KK_AGE_OUTSIDE', problem);
      }
      if (
        ageOn(input.birthday, day) < KK_GUARDIAN_CONSENT_BELOW &&
        (!input.guardianConsent || input.guardianName === '')
      ) {
        throw unprocessable('KK_GUARDIAN_CONSENT', KK_MESSAGES.guardianConsent);
      }
      const scope = { barangayId: barangay.id };
      const at = clock.now();
      const window = await openWindow(barangay.id, token);
      await db.transaction().execute(async (trx) => {
        let windowId: number | null = null;
        if (window) {
          if (await claimPlace(trx, window.id, at.toISOString(), KK_WINDOW_MAX_SUBMISSIONS)) {
            windowId = window.id;
          } else if (
            ((await findWindow(trx, scope, window.id))?.submissions ?? 0) >=
            KK_WINDOW_MAX_SUBMISSIONS
          ) {
            throw new AppError('KK_WINDOW_FULL', KK_WINDOW_MESSAGES.full, 429);
          }
        }
        // Outside a window (or one that closed a moment ago): the address's allowance.
        if (windowId === null && !(await limits.taken(ctx.ip, barangay.id))) {
          throw rateLimited();
        }
        const { id } = await trx
          .insertInto('kk_profiles')
          .values(
            repo.newRow(cipher, scope, input, {
              status: 'pending',
              source: 'public',
              guardianConsent: input.guardianConsent,
              guardianName: input.guardianName,
              createdBy: null,
              at: at.toISOString(),
            }),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          scope,
          userId: null,
          username: null,
          module: KK_MODULE,
          action: 'KK_PUBLIC_SUBMIT',
          description:
            windowId === null
              ? `A youth profile (#${String(id)}) was submitted through the public form; it waits for verification`
              : `A youth profile (#${String(id)}) was submitted through the public form in assembly window #${String(windowId)}; it waits for verification`,
          newValue: { id, window: windowId },
          ip: ctx.ip,
          at,
        });
      });
    },
  };
}

export type KkIntakeService = ReturnType<typeof createKkIntakeService>;
