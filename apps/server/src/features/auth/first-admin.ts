import {
  ADMIN_MESSAGES,
  AUTH_MESSAGES,
  BARANGAY_MESSAGES,
  PH_MOBILE_PATTERN,
  USERNAME_PATTERN,
  USERNAME_RULE_MESSAGE,
  passwordProblem,
  type Language,
} from '@sk-tanaw/contract';
import type { AppConfig } from '../../config/env.ts';
import { accountEmailProblem } from '../../lib/account-email.ts';
import type { Clock } from '../../lib/clock.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppDb } from '../../db/database.ts';
import { resolveSignInBarangay } from '../barangays/names-repository.ts';
import { termForNewAccount } from '../terms/membership.ts';

export interface FirstAdminInput {
  username: string;
  fullName: string;
  barangay: string;
  email: string;
  phone: string;
  password: string;
  /** MA or SA in a barangay; CA (city administrator) in a city's row. */
  position: 'MA' | 'SA' | 'CA';
  /** The account's language (English unless given). */
  language?: Language;
}

/** The installation's account e-mail domains (ACCOUNT_EMAIL_DOMAINS); none: the spec's three. */
type EmailConfig = Pick<AppConfig, 'accountEmailDomains'>;
const SPEC_DOMAINS: EmailConfig = { accountEmailDomains: [] };

/** Problems with the input, one sentence each; empty when it can be created. */
export function firstAdminProblems(
  input: FirstAdminInput,
  config: EmailConfig = SPEC_DOMAINS,
): string[] {
  const problems: string[] = [];
  if (!USERNAME_PATTERN.test(input.username.trim())) {
    problems.push(USERNAME_RULE_MESSAGE);
  }
  if (!input.fullName.trim()) {
    problems.push('Full name is required');
  }
  if (!input.barangay.trim()) {
    problems.push('Barangay is required');
  }
  const email = accountEmailProblem(input.email, config);
  if (email) {
    problems.push(email);
  }
  if (!input.phone.trim()) {
    problems.push('Phone number is required');
  } else if (!PH_MOBILE_PATTERN.test(input.phone.trim())) {
    problems.push(ADMIN_MESSAGES.phoneInvalid);
  }
  const weak = passwordProblem(input.password);
  if (weak) {
    problems.push(weak);
  } else if (isCommonPassword(input.password)) {
    problems.push(AUTH_MESSAGES.commonPassword);
  }
  if (input.password.toLowerCase() === input.username.trim().toLowerCase()) {
    problems.push('Password must not be the same as the username.');
  }
  return problems;
}

/**
 * Creates the first administrator of an installation that was started without demo data.
 * Refuses when an administrator already exists: later accounts are made in the admin area.
 */
export async function createFirstAdmin(
  db: AppDb,
  hasher: PasswordHasher,
  clock: Clock,
  input: FirstAdminInput,
  config: EmailConfig = SPEC_DOMAINS,
): Promise<{ id: number; username: string }> {
  const problems = firstAdminProblems(input, config);
  if (problems.length > 0) {
    throw new Error(problems.join('\n'));
  }
  const forCity = input.position === 'CA';
  // Any barangay the installation serves (San Bartolome and Nagkaisang Nayon always; others
  // once `npm run barangays -- import` added them), named as at sign-in.
  const barangay = await resolveSignInBarangay(db, input.barangay);
  if (barangay.kind === 'unknown') {
    throw new Error(
      `${input.barangay} is not a barangay of this installation; add its city first with npm run barangays -- import --city NAME`,
    );
  }
  if (barangay.kind === 'ambiguous') {
    throw new Error(BARANGAY_MESSAGES.ambiguous(barangay.name, barangay.cities));
  }
  if (barangay.kind === 'inactive') {
    throw new Error(BARANGAY_MESSAGES.inactive(barangay.name));
  }
  const row = barangay;
  const { kind } = await db
    .selectFrom('barangays')
    .select('kind')
    .where('id', '=', row.id)
    .executeTakeFirstOrThrow();
  if (kind === 'city' && !forCity) {
    throw new Error(
      `${barangay.name} is a city: its first account is its city administrator (--position CA).`,
    );
  }
  if (kind === 'barangay' && forCity) {
    throw new Error(
      `${barangay.name} is a barangay: a city administrator belongs to a city added with npm run barangays -- add-city.`,
    );
  }
  const existing = await db
    .selectFrom('users')
    .select('username')
    .where('position', 'in', forCity ? ['CA'] : ['MA', 'SA'])
    // A city's first administrator: one per city; a barangay's: one per installation.
    .$if(forCity, (q) => q.where('barangay_id', '=', row.id))
    .where('is_archived', '=', 0)
    .executeTakeFirst();
  if (existing) {
    throw new Error(
      `An administrator already exists (${existing.username}); create further accounts in the admin area.`,
    );
  }
  const username = input.username.trim();
  const hash = await hasher.hash(input.password);
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirst();
    if (taken) {
      throw new Error(`The username ${username} is already taken.`);
    }
    const created = await trx
      .insertInto('users')
      .values({
        barangay_id: row.id,
        username,
        username_key: username.toLowerCase(),
        password_hash: hash,
        full_name: input.fullName.trim(),
        position: input.position,
        email: input.email.trim(),
        phone: input.phone.trim(),
        language: input.language ?? 'en',
        term_id: await termForNewAccount(trx, { position: input.position, at: now }),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        password_changed_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      scope: { barangayId: row.id },
      userId: created.id,
      username: 'system',
      module: 'Accounts',
      action: 'CREATE_ADMIN',
      description: `First administrator ${username} created from the command line`,
      newValue: { username, position: input.position, barangay: barangay.name },
      at: now,
    });
    return { id: created.id, username };
  });
}
