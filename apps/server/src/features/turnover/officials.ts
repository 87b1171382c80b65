import {
  OFFICIALS_MAX_ROWS,
  OFFICIALS_MESSAGES,
  PH_MOBILE_PATTERN,
  cityRole,
  isSafeText,
  officialPosition,
  type Language,
  type OfficialsImportResult,
  type OfficialsRowError,
  type OfficialsRowErrorItem,
} from '@sk-tanaw/contract';
import type { FastifyBaseLogger } from 'fastify';
import { writeAudit } from '../../common/audit-repository.ts';
import type { AppConfig } from '../../config/env.ts';
import type { AppDb } from '../../db/database.ts';
import { accountEmailProblem } from '../../lib/account-email.ts';
import type { AuthUser, RequestContext } from '../../lib/auth-user.ts';
import type { Clock } from '../../lib/clock.ts';
import { minutes } from '../../lib/clock.ts';
import { randomToken } from '../../lib/crypto.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { PasswordHasher } from '../../lib/passwords.ts';
import { foldName } from '../../lib/psgc.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLink, unusablePassword } from '../city/onboarding-link.ts';
import { cityOf } from '../city/scope.ts';
import { codeHash } from '../password-recovery/code-hash.ts';
import { termForNewAccount } from '../terms/membership.ts';
import { termById } from '../terms/repository.ts';
import type { OfficialCells } from './officials-file.ts';
import * as repo from './officials-repository.ts';

export const OFFICIALS_MODULE = 'Turnover Officials';

export interface OfficialsDeps {
  db: AppDb;
  config: AppConfig;
  clock: Clock;
  hasher: PasswordHasher;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  appSecret: string;
}

/** The row errors of a refused import: 400, nothing imported. */
export class OfficialsRowsInvalid extends AppError {
  constructor(readonly errors: OfficialsRowErrorItem[]) {
    super('OFFICIALS_ROWS_INVALID', OFFICIALS_MESSAGES.rowsInvalid(errors.length), 400);
  }
}

export const officialsForbidden = () =>
  forbidden(OFFICIALS_MESSAGES.forbidden, 'OFFICIALS_FORBIDDEN');

/** The city roles that import: the administrator and the youth development officer. */
export const importsOfficials = (user: AuthUser) => {
  const role = cityRole(user.position);
  return user.tenantKind === 'city' && (role === 'CA' || role === 'CYDO');
};

const usernameStem = (email: string) => {
  const local = email.slice(0, email.indexOf('@')).toLowerCase();
  const stem = local.replace(/[^a-z0-9._-]+/g, '.').replace(/^[._-]+|[._-]+$/g, '');
  return (stem.length >= 3 ? stem : `sk.${stem || 'official'}`).slice(0, 28);
};

/** A username from the e-mail's local part, made unique against `taken` (which it joins). */
function newUsername(email: string, taken: Set<string>): string {
  const stem = usernameStem(email);
  let name = stem;
  for (let n = 2; taken.has(name); n += 1) {
    name = `${stem}${String(n)}`;
  }
  taken.add(name);
  return name;
}

const normaliseMobile = (text: string) => text.replace(/[\s()-]/g, '');

interface Checked {
  cells: OfficialCells;
  barangay: repo.CityBarangayRef;
  position: 'SKC' | 'SKO';
  email: string;
  mobile: string;
}

/**
 * The new officials of a council (contract turnover-officials.ts): the city's import of the
 * proclaimed chairpersons and members (a file, or one by hand), and the chairperson's invitation
 * of a member, through one service. Every row is checked first; any problem refuses the whole
 * input with each row's problems (400 OFFICIALS_ROWS_INVALID), else one transaction creates the
 * accounts in the new term (termForNewAccount with forNextTerm before the term starts) with a
 * one-time link each, one audit entry counts them, and the links are e-mailed after the commit.
 * No password is hashed per row: the accounts share one unusable hash made once.
 */
export function createOfficialsService(deps: OfficialsDeps) {
  const { db, config, clock, hasher, mailer, appSecret, logger } = deps;

  /** The term new officials join: the next one stored, else the one running (a late import). */
  async function targetTerm(now: Date) {
    const id =
      (await termForNewAccount(db, { position: 'SKC', at: now, forNextTerm: true })) ??
      (await termForNewAccount(db, { position: 'SKC', at: now }));
    const term = id === null ? undefined : await termById(db, id);
    if (!term) {
      throw new AppError('OFFICIALS_NO_TERM', OFFICIALS_MESSAGES.noTerm, 409);
    }
    return term;
  }

  async function check(
    rows: readonly OfficialCells[],
    place: { city: string; province: string | null } | { barangayId: number },
    termId: number,
  ): Promise<{ checked: Checked[]; errors: OfficialsRowErrorItem[] }> {
    const errors: OfficialsRowErrorItem[] = [];
    const fail = (row: number, column: OfficialsRowErrorItem['column'], error: OfficialsRowError) =>
      errors.push({ row, column, error, message: OFFICIALS_MESSAGES.rows[error] });
    if (rows.length === 0) {
      fail(0, 'file', 'empty-file');
      return { checked: [], errors };
    }
    if (rows.length > OFFICIALS_MAX_ROWS) {
      fail(0, 'file', 'too-many-rows');
      return { checked: [], errors };
    }
    const barangays = await repo.allBarangays(db);
    const ours = (b: repo.CityBarangayRef) =>
      'barangayId' in place
        ? b.id === place.barangayId
        : b.city === place.city && b.province === place.province;
    const byCode = new Map<string, repo.CityBarangayRef[]>();
    const add = (key: string, b: repo.CityBarangayRef) =>
      byCode.set(key, [...(byCode.get(key) ?? []), b]);
    for (const b of barangays) {
      add(`code:${b.code.toUpperCase()}`, b);
      if (b.psgc) {
        add(`psgc:${b.psgc}`, b);
      }
      add(`name:${b.name_key}`, b);
    }
    const resolve = (text: string) => {
      const found = [
        ...(byCode.get(`code:${text.toUpperCase()}`) ?? []),
        ...(byCode.get(`psgc:${text}`) ?? []),
        ...(byCode.get(`name:${foldName(text)}`) ?? []),
      ];
      return found.find(ours) ?? (found.length > 0 ? null : undefined);
    };
    const emails = rows.map((r) => r.email.trim().toLowerCase()).filter((e) => e !== '');
    const existing = new Map(
      (await repo.accountsByEmail(db, [...new Set(emails)])).map((a) => [a.email, a]),
    );
    const seen = new Set<string>();
    const checked: Checked[] = [];
    const pending: Checked[] = [];
    for (const cells of rows) {
      const before = errors.length;
      const row = cells.rowNumber;
      let barangay: repo.CityBarangayRef | null | undefined;
      if ('barangayId' in place) {
        barangay = barangays.find((b) => b.id === place.barangayId);
      } else if (cells.barangay === '') {
        fail(row, 'barangay', 'barangay-required');
      } else {
        barangay = resolve(cells.barangay);
        if (barangay === undefined) {
          fail(row, 'barangay', 'barangay-unknown');
        } else if (barangay === null) {
          fail(row, 'barangay', 'barangay-not-served');
        }
      }
      const position = officialPosition(cells.position);
      if (!position) {
        fail(row, 'position', 'position-invalid');
      }
      if (cells.name === '') {
        fail(row, 'name', 'name-required');
      } else if (cells.name.length > 100 || !isSafeText(cells.name)) {
        fail(row, 'name', 'name-invalid');
      }
      const email = cells.email.trim();
      const key = email.toLowerCase();
      const mobile = normaliseMobile(cells.mobile);
      if (email === '') {
        fail(row, 'email', 'email-required');
      } else if (email.length > 254 || accountEmailProblem(email, config) !== null) {
        fail(row, 'email', 'email-invalid');
      } else if (seen.has(key)) {
        fail(row, 'email', 'email-duplicate-file');
      } else {
        const account = existing.get(key);
        if (account) {
          const same =
            barangay && account.barangay_id === barangay.id && account.term_id === termId;
          fail(row, 'email', same ? 'already-in' : 'email-taken');
        }
      }
      seen.add(key);
      if (mobile !== '' && !PH_MOBILE_PATTERN.test(mobile)) {
        fail(row, 'mobile', 'mobile-invalid');
      }
      if (errors.length === before && barangay && position) {
        pending.push({ cells, barangay, position, email, mobile });
      }
    }
    // One chairperson a barangay a term: none already there, none twice in the file.
    const chairs = await repo.chairsInTerm(
      db,
      termId,
      pending.filter((c) => c.position === 'SKC').map((c) => c.barangay.id),
    );
    for (const c of pending) {
      if (c.position === 'SKC') {
        if (chairs.has(c.barangay.id)) {
          fail(c.cells.rowNumber, 'position', 'chair-twice');
          continue;
        }
        chairs.add(c.barangay.id);
      }
      checked.push(c);
    }
    errors.sort((a, b) => a.row - b.row);
    return { checked, errors };
  }

  async function create(
    user: AuthUser,
    checked: readonly Checked[],
    term: NonNullable<Awaited<ReturnType<typeof termById>>>,
    ctx: RequestContext,
    origin: string,
    audit: { action: string; description: string; cityName: string; language: Language },
  ): Promise<OfficialsImportResult> {
    const now = clock.now();
    const stamp = now.toISOString();
    const expiresAt = new Date(now.getTime() + minutes(config.onboarding.linkHours * 60));
    const unusableHash = await unusablePassword(hasher);
    const taken = await repo.usernameKeys(db);
    const rows = checked.map((c) => {
      const username = newUsername(c.email, taken);
      return {
        barangay_id: c.barangay.id,
        username,
        username_key: username,
        full_name: c.cells.name,
        position: c.position,
        email: c.email,
        phone: c.mobile,
        language: audit.language,
        term_id: term.id,
      };
    });
    const links = await db.transaction().execute(async (trx) => {
      const users = await repo.insertOfficials(trx, rows, unusableHash, stamp);
      const idOf = new Map(users.map((u) => [u.username_key, u.id]));
      const secrets = rows.map((r) => {
        const userId = idOf.get(r.username_key) ?? 0;
        return { row: r, userId, secret: randomToken(24), nonce: randomToken(16) };
      });
      const inserted = await repo.insertLinks(
        trx,
        secrets.map((s) => ({
          user_id: s.userId,
          barangay_id: s.row.barangay_id,
          username_key: s.row.username_key,
          code_hash: codeHash(appSecret, s.nonce, s.userId, s.secret),
          nonce: s.nonce,
        })),
        { stamp, expiresAt: expiresAt.toISOString(), ip: ctx.ip },
      );
      const linkOf = new Map(inserted.map((l) => [l.user_id, l.id]));
      await writeAudit(trx, {
        scope: { barangayId: user.barangayId },
        userId: user.id,
        username: user.username,
        module: OFFICIALS_MODULE,
        action: audit.action,
        description: audit.description,
        newValue: {
          term: term.starts_on,
          created: rows.length,
          chairs: rows.filter((r) => r.position === 'SKC').length,
          members: rows.filter((r) => r.position === 'SKO').length,
          barangays: new Set(rows.map((r) => r.barangay_id)).size,
        },
        ip: ctx.ip,
        at: now,
      });
      return secrets.map((s) => ({ ...s, linkId: linkOf.get(s.userId) ?? 0 }));
    });
    const names = new Map(checked.map((c) => [c.barangay.id, c.barangay.name]));
    let mailed = 0;
    // A few at a time: a big import's e-mails go out before the answer, without a flood.
    for (let i = 0; i < links.length; i += 8) {
      const results = await Promise.allSettled(
        links.slice(i, i + 8).map((l) =>
          sendLink(
            { config, mailer },
            { linkId: l.linkId, secret: l.secret, expiresAt },
            {
              to: l.row.email,
              fullName: l.row.full_name,
              username: l.row.username,
              barangayName: names.get(l.row.barangay_id) ?? '',
              cityName: audit.cityName,
              official: { position: l.row.position, termStartsOn: term.starts_on },
              language: audit.language,
            },
            origin,
          ),
        ),
      );
      for (const r of results) {
        if (r.status === 'fulfilled') {
          mailed += 1;
        } else {
          logger.error({ err: r.reason }, 'official link e-mail failed');
        }
      }
    }
    const chairs = rows.filter((r) => r.position === 'SKC').length;
    return {
      success: true,
      message: OFFICIALS_MESSAGES.imported(rows.length, mailed),
      term: { startsOn: term.starts_on, endsOn: term.ends_on },
      created: rows.length,
      chairs,
      members: rows.length - chairs,
      mailed,
    };
  }

  /** The city's import (a file's rows, or one row by hand): CA or CYDO of the city. */
  async function importOfficials(
    user: AuthUser,
    rows: readonly OfficialCells[],
    ctx: RequestContext,
    origin: string,
    source: 'file' | 'form',
    language?: Language,
  ): Promise<OfficialsImportResult> {
    if (!importsOfficials(user)) {
      throw officialsForbidden();
    }
    const city = await cityOf(db, user);
    const term = await targetTerm(clock.now());
    const { checked, errors } = await check(rows, city, term.id);
    if (errors.length > 0) {
      throw new OfficialsRowsInvalid(errors);
    }
    return create(user, checked, term, ctx, origin, {
      action: source === 'file' ? 'IMPORT_OFFICIALS' : 'ADD_OFFICIAL',
      description: `${user.username} (${city.name}) added ${String(checked.length)} officials of the term starting ${term.starts_on} (${source === 'file' ? 'a file' : 'by hand'}) and e-mailed each a link to set a password`,
      cityName: city.name,
      language: language ?? user.language,
    });
  }

  /** The chairperson of a term invites a member of it (an SK official of the barangay). */
  async function invite(
    user: AuthUser,
    input: { name: string; email: string; mobile: string; language: Language },
    ctx: RequestContext,
    origin: string,
  ): Promise<OfficialsImportResult> {
    const termId = await repo.termIdOf(db, user.id);
    const term = termId === null ? undefined : await termById(db, termId);
    if (user.position !== 'SKC' || !term) {
      throw forbidden(OFFICIALS_MESSAGES.inviteForbidden, 'OFFICIALS_INVITE_FORBIDDEN');
    }
    const cells = { rowNumber: 1, barangay: '', position: 'SK member', ...input };
    const { checked, errors } = await check([cells], { barangayId: user.barangayId }, term.id);
    if (errors.length > 0) {
      throw new OfficialsRowsInvalid(errors);
    }
    const place = await repo.allBarangays(db);
    const cityName = place.find((b) => b.id === user.barangayId)?.city ?? '';
    return create(user, checked, term, ctx, origin, {
      action: 'INVITE_MEMBER',
      description: `${user.username} invited a member of the council of the term starting ${term.starts_on} and e-mailed a link to set a password`,
      cityName,
      language: input.language,
    });
  }

  return { importOfficials, invite };
}

export type OfficialsService = ReturnType<typeof createOfficialsService>;
