import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.ts';
import * as passwordRecovery from './0002-password-recovery.ts';
import * as projects from './0003-projects.ts';

/** Every migration, in order. Add new ones at the end with the next number. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-password-recovery': passwordRecovery,
  '0003-projects': projects,
};
