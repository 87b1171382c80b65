import type { Executor } from '../db/database.ts';
import type { NewAuditEntry } from '../db/schema.ts';
import type { BarangayScope } from '../lib/auth-user.ts';

export interface AuditInput {
  /** The barangay the entry belongs to; null when none is known (a sign-in of no account). */
  scope: BarangayScope | null;
  userId: number | null;
  username: string | null;
  module: string;
  action: string;
  description: string;
  oldValue?: unknown;
  newValue?: unknown;
  ip?: string | null;
  at: Date;
}

const encode = (value: unknown): string | null =>
  value === undefined || value === null
    ? null
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * Appends one audit entry; call it with the transaction of the change it records. Answers the
 * entry's id.
 */
export async function writeAudit(db: Executor, input: AuditInput): Promise<number> {
  const row: NewAuditEntry = {
    barangay_id: input.scope ? input.scope.barangayId : null,
    user_id: input.userId,
    username: input.username,
    module: input.module,
    action: input.action,
    description: input.description,
    old_value: encode(input.oldValue),
    new_value: encode(input.newValue),
    ip: input.ip ?? null,
    created_at: input.at.toISOString(),
  };
  const { id } = await db
    .insertInto('audit_log')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
