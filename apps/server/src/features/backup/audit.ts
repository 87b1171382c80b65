import { writeAudit, type AuditInput } from '../../common/audit-repository.ts';
import type { Executor } from '../../db/database.ts';

export const BACKUP_MODULE = 'Backup';

/** Appends an audit entry of the backup module. */
export async function writeBackupAudit(
  db: Executor,
  entry: Omit<AuditInput, 'module'>,
): Promise<void> {
  await writeAudit(db, { ...entry, module: BACKUP_MODULE });
}
