import type { Executor } from '../../db/database.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { manilaDate } from '../tracker/context.ts';

/**
 * The Manila day a council began using SK Tanaw: the day its first account was made (the city
 * onboarding a barangay makes its first administrator). A deadline that passed before that day
 * is not the council's lapse here, so it is shown as before SK Tanaw, never overdue. A barangay
 * with no account yet has not begun: `today`.
 */
export async function councilOnboardedOn(
  db: Executor,
  scope: BarangayScope,
  today: string,
): Promise<string> {
  const first = await db
    .selectFrom('users')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('barangay_id', '=', scope.barangayId)
    .executeTakeFirst();
  return first?.first ? manilaDate(new Date(first.first)) : today;
}
