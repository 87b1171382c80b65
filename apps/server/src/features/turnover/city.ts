import {
  OFFICE_REQUIREMENTS,
  SK_COUNCIL_SIZE,
  TERM_DEADLINE_RULE,
  daysBetween,
  termDeadlines,
  type CityTurnover,
  type TermDeadlineKey,
} from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { cityOf } from '../city/scope.ts';
import { deadlineRules, listTermRows } from '../terms/repository.ts';
import { manilaDate } from '../tracker/context.ts';
import { cityIncoming } from './officials-repository.ts';
import { cityTurnoverRows } from './repository.ts';
import { resolveTerm, stateOf } from './service.ts';

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const manilaDay = (iso: string) =>
  new Date(Date.parse(iso) + MANILA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * GET /api/city/turnover (without `term`: the term being handed over while its window runs,
 * else the term running today): one row per active barangay of the caller's city (city/scope.ts), its
 * SK Inventory Team, the inventory's state and counts, and for the incoming term (the one after)
 * its officials in, their requirements before assuming office, and its first deadlines with the
 * day each was done where the product knows it: the CBYDP approved, the budget monitoring
 * officer designated, the KK assembly held (the procurement committee is not recorded). Seven
 * queries whatever the number of barangays.
 */
export async function cityTurnover(
  db: Executor,
  user: AuthUser,
  now: Date,
  startsOn?: string,
): Promise<CityTurnover> {
  const city = await cityOf(db, user);
  const termRows = await listTermRows(db);
  const { term } = await resolveTerm(db, manilaDate(now), startsOn);
  const [{ barangays, teams, rows }, rules] = await Promise.all([
    cityTurnoverRows(db, city, term.startsOn),
    deadlineRules(
      db,
      Object.values(TERM_DEADLINE_RULE).map((r) => r.rule),
    ),
  ]);
  const incoming = termRows.find((t) => t.starts_on > term.startsOn);
  const facts = incoming
    ? await cityIncoming(db, city, {
        id: incoming.id,
        startsOn: incoming.starts_on,
        startsAt: incoming.starts_at,
      })
    : { officials: [], requirements: [], facts: [] };
  const due = incoming ? termDeadlines({ startsOn: incoming.starts_on }, rules, now) : [];
  const today = manilaDate(now);
  const teamOf = new Map(teams.map((t) => [t.barangay_id, t]));
  const rowsOf = new Map(rows.map((r) => [r.barangay_id, r]));
  const officialsOf = new Map(facts.officials.map((o) => [o.barangay_id, o]));
  const requirementsOf = new Map(facts.requirements.map((r) => [r.barangay_id, r]));
  const factsOf = new Map(facts.facts.map((f) => [f.barangay_id, f]));
  const answer = barangays.map((b) => {
    const team = teamOf.get(b.id);
    const counted = rowsOf.get(b.id);
    const rowCount = Number(counted?.rows ?? 0);
    const officials = officialsOf.get(b.id);
    const chairs = Number(officials?.chairs ?? 0);
    const members = Number(officials?.members ?? 0);
    const req = requirementsOf.get(b.id);
    const fact = factsOf.get(b.id);
    const doneOf: Record<TermDeadlineKey, string | null | undefined> = {
      cbydp: fact?.cbydp ?? null,
      bmo: fact?.bmo ? manilaDay(fact.bmo) : null,
      bac: undefined,
      'kk-assembly': fact?.assembly ?? null,
    };
    return {
      code: b.code,
      name: b.name,
      district: b.district,
      team: team
        ? {
            orderNumber: team.order_number,
            orderDate: team.order_date,
            members: Number(team.members),
          }
        : null,
      state: stateOf(team ? { signed_on: team.signed_on } : undefined, rowCount),
      signedOn: team?.signed_on ?? null,
      rows: rowCount,
      missing: Number(counted?.missing ?? 0),
      officialsIn: {
        chair: chairs > 0,
        members,
        expected: SK_COUNCIL_SIZE.members,
        signedIn: Number(officials?.signed_in ?? 0),
      },
      requirementsDone: {
        done: Number(req?.done ?? 0),
        verified: Number(req?.verified ?? 0),
        total: (chairs + members) * OFFICE_REQUIREMENTS.length,
      },
      deadlines: due.map((d) => {
        const done = doneOf[d.key];
        return {
          key: d.key,
          dueOn: d.dueOn,
          daysLeft: daysBetween(today, d.dueOn),
          doneOn: done ?? null,
          tracked: done !== undefined,
        };
      }),
    };
  });
  return {
    city: { code: city.code, name: city.name },
    term,
    rows: answer,
    totals: {
      barangays: answer.length,
      teams: answer.filter((r) => r.team !== null).length,
      inProgress: answer.filter((r) => r.state === 'in progress').length,
      signed: answer.filter((r) => r.state === 'signed').length,
      chairsIn: answer.filter((r) => r.officialsIn.chair).length,
      requirementsDone: answer.reduce((n, r) => n + r.requirementsDone.done, 0),
      requirementsTotal: answer.reduce((n, r) => n + r.requirementsDone.total, 0),
    },
    incoming: incoming ? { startsOn: incoming.starts_on, endsOn: incoming.ends_on } : null,
  };
}
