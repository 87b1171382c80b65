import {
  KK_MAX_AGE,
  KK_MESSAGES,
  KK_MIN_AGE,
  KkProfileFieldsSchema,
  ageOn,
  type KkImportResult,
  type KkProfileFields,
} from '@sk-tanaw/contract';
import type { BarangayScope } from '../../lib/auth-user.ts';
import { AppError } from '../../lib/errors.ts';
import { columnHeader, mapHeaders, rowFields, type SheetTable } from './annex4.ts';
import { identityText, type KkCipher } from './crypto.ts';
import * as repo from './repository.ts';

/** 422 with the contract's code and message. */
export const unprocessable = (code: string, message: string) => new AppError(code, message, 422);

/** The KK is everyone 15 to 30 (RA 10742 s. 3, DILG MC No. 2022-033): else the message. */
export function ageProblem(p: KkProfileFields, today: string): string | null {
  const age = ageOn(p.birthday, today);
  return age < KK_MIN_AGE || age > KK_MAX_AGE ? KK_MESSAGES.ageOutside : null;
}

/** The rows of an Annex 4 table that hold anything, with its columns; 422 without them. */
export function filledRows(table: SheetTable) {
  const { index, missing } = mapHeaders(table.headers);
  if (table.headers.length === 0 || missing.length > 0) {
    throw unprocessable(
      'KK_IMPORT_HEADERS',
      KK_MESSAGES.importHeaders(missing.join(', ') || 'all'),
    );
  }
  const filled = table.rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (filled.length === 0) {
    throw unprocessable('KK_IMPORT_EMPTY', KK_MESSAGES.importEmpty);
  }
  return { index, filled };
}

/**
 * Each filled row judged: its values (the contract's schema), the age on `day`, the same name
 * and birthday as a registry profile (`existing` blind indexes) or an earlier row of the file.
 * Good rows come back ready to insert (encrypted); bad ones as problems naming the row and the
 * reason, never a value of it.
 */
export function judgeRows(
  cipher: KkCipher,
  scope: BarangayScope & { id: number },
  { index, filled }: ReturnType<typeof filledRows>,
  existing: ReadonlySet<string>,
  day: string,
  at: string,
) {
  const seen = new Set<string>();
  const problems: KkImportResult['problems'] = [];
  const rows: ReturnType<typeof repo.newRow>[] = [];
  for (const { rowNumber, cells } of filled) {
    const parsed = KkProfileFieldsSchema.safeParse(rowFields(cells, index));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push({
        row: rowNumber,
        reason: issue?.message ?? 'Invalid value',
        duplicate: false,
        code: 'INVALID_VALUE',
        column: columnHeader(issue?.path[0]),
      });
      continue;
    }
    const age = ageProblem(parsed.data, day);
    if (age) {
      problems.push({
        row: rowNumber,
        reason: age,
        duplicate: false,
        code: 'AGE_OUTSIDE',
        column: null,
      });
      continue;
    }
    const dup = cipher.blindIndex(identityText(parsed.data));
    if (existing.has(dup) || seen.has(dup)) {
      const inRegistry = existing.has(dup);
      problems.push({
        row: rowNumber,
        reason: inRegistry ? KK_MESSAGES.duplicate : KK_MESSAGES.duplicateInFile,
        duplicate: true,
        code: inRegistry ? 'DUPLICATE_IN_REGISTRY' : 'DUPLICATE_IN_FILE',
        column: null,
      });
      continue;
    }
    seen.add(dup);
    rows.push(
      repo.newRow(cipher, scope, parsed.data, {
        status: 'verified',
        source: 'import',
        guardianConsent: false,
        createdBy: scope.id,
        at,
      }),
    );
  }
  return { rows, problems };
}
