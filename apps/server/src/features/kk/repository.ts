// The youth registry's rows: what is encrypted, what is in clear, and the way between a row and
// a profile. Personal fields never leave this module except decrypted for an authorised caller.
import {
  KK_MAX_AGE,
  ageGroupOf,
  ageOn,
  type KkProfile,
  type KkProfileFields,
} from '@sk-tanaw/contract';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { KkProfilesTable } from '../../db/schema.ts';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { manilaDate } from '../tracker/context.ts';
import { ageFacet } from './age-facet.ts';
import { newRecordKey, newStatsRev } from './cell-key.ts';
import { identityText, type KkCipher } from './crypto.ts';

/** The encrypted part of a profile (RA 10173: identifying, or sensitive like civil status). */
interface PersonalPart {
  lastName: string;
  firstName: string;
  middleName: string;
  suffix: string;
  civilStatus: KkProfileFields['civilStatus'];
  email: string;
  contactNumber: string;
  homeAddress: string;
  guardianName: string;
}

export type KkRow = Selectable<KkProfilesTable>;

export interface RowMeta {
  status: 'pending' | 'verified';
  source: 'encoded' | 'import' | 'public';
  guardianConsent: boolean;
  guardianName?: string;
  createdBy: number | null;
  at: string;
}

/**
 * The columns of a profile's row: personal fields encrypted, the rest in clear, with the age
 * facet as of `today` (age-facet.ts) and a new statistics revision (the counts it is in change).
 */
export function profileColumns(
  cipher: KkCipher,
  p: KkProfileFields,
  guardianName: string,
  today: string,
): Omit<
  Insertable<KkProfilesTable>,
  | 'barangay_id'
  | 'status'
  | 'source'
  | 'created_at'
  | 'updated_at'
  | 'guardian_consent'
  | 'record_key'
> {
  const personal: PersonalPart = {
    lastName: p.lastName,
    firstName: p.firstName,
    middleName: p.middleName,
    suffix: p.suffix,
    civilStatus: p.civilStatus,
    email: p.email,
    contactNumber: p.contactNumber,
    homeAddress: p.homeAddress,
    guardianName,
  };
  return {
    key_id: cipher.currentKeyId,
    personal_ct: cipher.encrypt(JSON.stringify(personal)),
    birthday_ct: cipher.encrypt(p.birthday),
    dup_index: cipher.blindIndex(identityText(p)),
    sex: p.sexAtBirth,
    classification: p.youthClassification,
    specific_needs: p.youthClassification === 'YSN' ? p.specificNeeds : null,
    education: p.education,
    work_status: p.workStatus,
    sk_voter: p.skVoter ? 1 : 0,
    national_voter: p.nationalVoter ? 1 : 0,
    voted_last_election: p.votedLastElection ? 1 : 0,
    assemblies_attended: p.assembliesAttended,
    ...ageFacet(p.birthday, today),
    stats_rev: newStatsRev(),
  };
}

export function newRow(
  cipher: KkCipher,
  scope: BarangayScope,
  p: KkProfileFields,
  meta: RowMeta,
): Insertable<KkProfilesTable> {
  return {
    ...profileColumns(cipher, p, meta.guardianName ?? '', manilaDate(new Date(meta.at))),
    // The profile's fixed record key of the cell key method (cell-key.ts): set once, here.
    record_key: newRecordKey(),
    barangay_id: scope.barangayId,
    status: meta.status,
    source: meta.source,
    guardian_consent: meta.guardianConsent ? 1 : 0,
    created_by: meta.createdBy,
    created_at: meta.at,
    updated_at: meta.at,
    verified_by: meta.status === 'verified' ? meta.createdBy : null,
    verified_at: meta.status === 'verified' ? meta.at : null,
  };
}

/** A row decrypted into a profile, for the chairperson or the secretary only. */
export function toProfile(
  cipher: KkCipher,
  row: KkRow,
  today: string,
  duplicate: boolean,
): KkProfile {
  const personal = JSON.parse(cipher.decrypt(row.key_id, row.personal_ct)) as PersonalPart;
  const birthday = cipher.decrypt(row.key_id, row.birthday_ct);
  const age = ageOn(birthday, today);
  return {
    id: row.id,
    lastName: personal.lastName,
    firstName: personal.firstName,
    middleName: personal.middleName,
    suffix: personal.suffix,
    birthday,
    sexAtBirth: row.sex as KkProfile['sexAtBirth'],
    civilStatus: personal.civilStatus,
    youthClassification: row.classification as KkProfile['youthClassification'],
    specificNeeds: row.specific_needs as KkProfile['specificNeeds'],
    email: personal.email,
    contactNumber: personal.contactNumber,
    homeAddress: personal.homeAddress,
    education: row.education as KkProfile['education'],
    workStatus: row.work_status as KkProfile['workStatus'],
    skVoter: row.sk_voter === 1,
    nationalVoter: row.national_voter === 1,
    votedLastElection: row.voted_last_election === 1,
    assembliesAttended: row.assemblies_attended,
    age,
    ageGroup: ageGroupOf(age),
    status: row.status,
    source: row.source,
    guardianConsent: row.guardian_consent === 1,
    pastThirty: age > KK_MAX_AGE,
    duplicate,
    updatedAt: row.updated_at,
  };
}

export async function rowsOf(db: Executor, scope: BarangayScope): Promise<KkRow[]> {
  return db
    .selectFrom('kk_profiles')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .orderBy('id')
    .execute();
}

export async function rowOf(
  db: Executor,
  scope: BarangayScope,
  id: number,
): Promise<KkRow | undefined> {
  return db
    .selectFrom('kk_profiles')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Ids of the barangay's profiles with this blind index (same name and birthday). */
export async function idsWithIndex(
  db: Executor,
  scope: BarangayScope,
  index: string,
): Promise<number[]> {
  const rows = await db
    .selectFrom('kk_profiles')
    .select('id')
    .where('barangay_id', '=', scope.barangayId)
    .where('dup_index', '=', index)
    .execute();
  return rows.map((r) => r.id);
}

/** The barangay's profiles with this blind index, oldest first. */
export async function rowsWithIndex(
  db: Executor,
  scope: BarangayScope,
  index: string,
): Promise<KkRow[]> {
  return db
    .selectFrom('kk_profiles')
    .selectAll()
    .where('barangay_id', '=', scope.barangayId)
    .where('dup_index', '=', index)
    .orderBy('id')
    .execute();
}

/** Every blind index of the barangay (an import's duplicate check). */
export async function indexesOf(db: Executor, scope: BarangayScope): Promise<Set<string>> {
  const rows = await db
    .selectFrom('kk_profiles')
    .select('dup_index')
    .where('barangay_id', '=', scope.barangayId)
    .execute();
  return new Set(rows.map((r) => r.dup_index));
}

/** Inserts rows in chunks (the databases' parameter limits), in the caller's transaction. */
export async function insertRows(db: Executor, rows: Insertable<KkProfilesTable>[]): Promise<void> {
  const CHUNK = 200;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('kk_profiles')
      .values(rows.slice(i, i + CHUNK))
      .execute();
  }
}
