import { BACKUP_MESSAGES, cityRole } from '@sk-tanaw/contract';
import type { AppDb } from '../../db/database.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { forbidden } from '../../lib/errors.ts';
import { cityOf } from '../city/scope.ts';
import { firstBarangayAdmins, servesOnlyCity } from './repository.ts';

/**
 * Who holds the installation's backups (installation-wide backups belong to
 * the city administrator). A backup is every row and document of the installation, every
 * barangay's and every city's, so:
 *
 * 1. `BACKUP_ADMINS` set: its usernames, and nobody else (the operator's list decides alone).
 * 2. Otherwise the active MA/SA of the installation's first barangay (the first served or
 *    holding data), always (the spec's installation administrators: its admin screens and its
 *    public client keep working).
 * 3. And the city administrators (CA) of the city or municipality the installation serves, when
 *    it serves exactly one: every row of `barangays` (barangays and city rows) lies in the CA's
 *    city, same name and province, but for rows no longer served that hold no accounts or data
 *    (the demo's barangays, which earlier versions added everywhere). With a second city's
 *    barangays or row, or a barangay of no known city, no CA holds them: the backup would hold
 *    data of a city that is not theirs (a tenancy breach), and the CA gets 403
 *    NOT_INSTALL_ADMIN saying who can.
 *
 * The other city roles (CYDO, CBO, SKF) and the SKC/SKO never reach this: `can(user,
 * 'backup.manage')` refuses them first.
 */
export async function assertBackupHolder(
  db: AppDb,
  admins: readonly string[] | undefined,
  user: AuthUser,
): Promise<void> {
  const key = user.username.toLowerCase();
  if (admins) {
    if (!admins.includes(key)) {
      throw forbidden(BACKUP_MESSAGES.notInstallAdmin, 'NOT_INSTALL_ADMIN');
    }
    return;
  }
  if (user.tenantKind === 'city') {
    if (cityRole(user.position) !== 'CA') {
      throw forbidden(BACKUP_MESSAGES.notInstallAdmin, 'NOT_INSTALL_ADMIN');
    }
    const city = await cityOf(db, user);
    if (!(await servesOnlyCity(db, city))) {
      throw forbidden(BACKUP_MESSAGES.notInstallAdminCity, 'NOT_INSTALL_ADMIN');
    }
    return;
  }
  if (!(await firstBarangayAdmins(db)).includes(key)) {
    throw forbidden(BACKUP_MESSAGES.notInstallAdmin, 'NOT_INSTALL_ADMIN');
  }
}
