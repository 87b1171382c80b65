import type { CityTurnover } from '@sk-tanaw/contract';
import type { Executor } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { cityOf } from '../city/scope.ts';
import { manilaDate } from '../tracker/context.ts';
import { cityTurnoverRows } from './repository.ts';
import { resolveTerm, stateOf } from './service.ts';

/**
 * GET /api/city/turnover: one row per active barangay of the caller's city (city/scope.ts), its
 * SK Inventory Team, the inventory's state and counts, from three queries whatever the number of
 * barangays.
 */
export async function cityTurnover(
  db: Executor,
  user: AuthUser,
  now: Date,
  startsOn?: string,
): Promise<CityTurnover> {
  const city = await cityOf(db, user);
  const { term } = await resolveTerm(db, manilaDate(now), startsOn);
  const { barangays, teams, rows } = await cityTurnoverRows(db, city, term.startsOn);
  const teamOf = new Map(teams.map((t) => [t.barangay_id, t]));
  const rowsOf = new Map(rows.map((r) => [r.barangay_id, r]));
  const answer = barangays.map((b) => {
    const team = teamOf.get(b.id);
    const counted = rowsOf.get(b.id);
    const rowCount = Number(counted?.rows ?? 0);
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
      // Recorded by the onboarding of the new officials, not by the inventory.
      officialsIn: null,
      requirementsDone: null,
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
    },
  };
}
