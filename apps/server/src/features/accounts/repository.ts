import { ROLE_CODES } from '@sk-tanaw/contract';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { belongsToTerm, termForNewAccount } from '../terms/membership.ts';

// Every function on a barangay's accounts takes the caller's BarangayScope and puts it in the
// WHERE (or, for an insert, in the row).

function selectAccounts(db: Executor, scope: BarangayScope) {
  return db
    .selectFrom('users as u')
    .innerJoin('barangays as b', 'b.id', 'u.barangay_id')
    .leftJoin('users as archiver', 'archiver.id', 'u.archived_by')
    .select([
      'u.id',
      'u.username',
      'u.full_name',
      'u.email',
      'u.phone',
      'u.position',
      'u.is_archived',
      'u.is_default_password',
      'u.created_at',
      'u.archived_at',
      'b.name as barangay_name',
      'archiver.full_name as archived_by_name',
    ])
    .where('u.barangay_id', '=', scope.barangayId);
}

export type AccountRow = Awaited<ReturnType<typeof findAccount>> & object;

/** A barangay's accounts, optionally only the archived or only the active ones. */
export async function listAccounts(
  db: Executor,
  scope: BarangayScope,
  filter: { archived?: boolean } = {},
) {
  let query = selectAccounts(db, scope);
  if (filter.archived !== undefined) {
    query = query.where('u.is_archived', '=', filter.archived ? 1 : 0);
  }
  const order = filter.archived ? 'u.archived_at' : 'u.created_at';
  return query.orderBy(order, 'desc').orderBy('u.id', 'desc').execute();
}

/** One account of the barangay; another barangay's id finds nothing. */
export async function findAccount(db: Executor, scope: BarangayScope, userId: number) {
  return selectAccounts(db, scope).where('u.id', '=', userId).executeTakeFirst();
}

export async function accountSummary(db: Executor, scope: BarangayScope) {
  const rows = await db
    .selectFrom('users')
    .select(['is_archived', (eb) => eb.fn.countAll<number>().as('n')])
    .where('barangay_id', '=', scope.barangayId)
    .groupBy('is_archived')
    .execute();
  const archived = rows.find((r) => r.is_archived === 1)?.n ?? 0;
  const active = rows.find((r) => r.is_archived === 0)?.n ?? 0;
  return { total: active + archived, active, archived };
}

export async function isEmailTaken(db: Executor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(
  db: Executor,
  scope: BarangayScope,
  row: Omit<Insertable<UsersTable>, 'barangay_id'>,
): Promise<number> {
  // A council account joins the term in office when it is made (features/terms/membership.ts).
  const termId =
    row.term_id !== undefined
      ? row.term_id
      : await termForNewAccount(db, { position: row.position, at: new Date(row.created_at) });
  const inserted = await db
    .insertInto('users')
    .values({ ...row, term_id: termId, barangay_id: scope.barangayId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setPosition(
  db: Executor,
  scope: BarangayScope,
  userId: number,
  position: string,
  atIso: string,
): Promise<void> {
  // Made a council account: it joins the term in office unless it is in one; made staff: none.
  const current = await db
    .selectFrom('users')
    .select('term_id')
    .where('id', '=', userId)
    .executeTakeFirst();
  const termId = belongsToTerm(position)
    ? (current?.term_id ?? (await termForNewAccount(db, { position, at: new Date(atIso) })))
    : null;
  await db
    .updateTable('users')
    .set({ position, term_id: termId, updated_at: atIso })
    .where('id', '=', userId)
    .where('barangay_id', '=', scope.barangayId)
    .execute();
}

export async function setArchived(
  db: Executor,
  scope: BarangayScope,
  userId: number,
  archive: { by: number; atIso: string } | null,
  atIso: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      is_archived: archive ? 1 : 0,
      archived_at: archive ? archive.atIso : null,
      archived_by: archive ? archive.by : null,
      updated_at: atIso,
    })
    .where('id', '=', userId)
    .where('barangay_id', '=', scope.barangayId)
    .execute();
}

/**
 * Active administrators of a barangay other than `exceptUserId`: positions MA or SA, or a
 * position that names an administrator (the spec's 'admin' rule).
 */
export async function countOtherAdministrators(
  db: Executor,
  scope: BarangayScope,
  exceptUserId: number,
): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('barangay_id', '=', scope.barangayId)
    .where('is_archived', '=', 0)
    .where('id', '!=', exceptUserId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('upper', [eb.fn('trim', ['position'])]), 'in', ['MA', 'SA']),
        eb(eb.fn('lower', ['position']), 'like', '%admin%'),
      ]),
    )
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The council roles a barangay's administrator assigns (the city roles are the city's). */
export async function listRoles(db: Executor) {
  return db
    .selectFrom('roles')
    .select(['code', 'name', 'description'])
    .where('code', 'in', [...ROLE_CODES])
    .orderBy('code')
    .execute();
}

/** Serialises administrator changes of one barangay (PostgreSQL; SQLite writes are serial). */
export async function lockBarangay(db: Executor, scope: BarangayScope): Promise<void> {
  await db
    .selectFrom('barangays')
    .select('id')
    .where('id', '=', scope.barangayId)
    .forUpdate()
    .executeTakeFirst();
}
