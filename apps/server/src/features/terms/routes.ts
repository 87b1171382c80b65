import {
  ApiMessageSchema,
  TERM_DEADLINE_RULE,
  currentTermEndpoint,
  termDeadlines,
} from '@sk-tanaw/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDb } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/service.ts';
import { deadlineRules, termAt, toTerm } from './repository.ts';

const errors = { '4xx': ApiMessageSchema };

export interface TermRouteDeps {
  db: AppDb;
  clock: Clock;
  auth: AuthService;
}

/**
 * The term in office (containing today, Manila instants), the caller's standing in their own
 * term, and the term's first deadlines counted from the day the SK assumed office.
 */
export function termRoutes({ db, clock, auth }: TermRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      currentTermEndpoint.path,
      {
        onRequest: app.requireUser(),
        schema: {
          tags: ['terms'],
          description:
            "The SK term in office, with its source, the caller's standing (read-only in the window after their term's end) and the new term's first deadlines with the Manila days left.",
          response: { 200: currentTermEndpoint.response, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const now = clock.now();
        const [row, rules, standing] = await Promise.all([
          termAt(db, now),
          deadlineRules(
            db,
            Object.values(TERM_DEADLINE_RULE).map((r) => r.rule),
          ),
          auth.termStanding(user),
        ]);
        const term = row ? toTerm(row) : null;
        return {
          success: true as const,
          term,
          standing: standing.state === 'read-only' ? ('read-only' as const) : ('active' as const),
          readOnlyUntil: standing.state === 'read-only' ? standing.until : null,
          deadlines: term && standing.state !== 'read-only' ? termDeadlines(term, rules, now) : [],
        };
      },
    );
  };
}
