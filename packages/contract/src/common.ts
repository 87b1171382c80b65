import { z } from 'zod';

/**
 * The spec's failure shape: every error answer is `{ success: false, message }`, plus a stable
 * machine-readable `code` (see ERROR_CODES in error-codes.ts) that the web app branches on, never the English text
 * or the bare HTTP status.
 */
export const ApiMessageSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  code: z.string().optional(),
});
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

/** Row ids are 32-bit on every database (PostgreSQL `integer`); larger ids name no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a path or query: a positive whole number within the databases' integer range. */
export const rowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * Characters no typed text needs and that hide or disguise what it says: control characters other
 * than tab and line breaks (NUL included), and Unicode bidirectional embeddings, overrides and
 * isolates (`inv\u202excod.pdf` displays as "invfdp.docx").
 */
export const UNSAFE_TEXT_PATTERN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const unsafeTextMessage = (label: string) =>
  `${label} must not contain control or text-direction characters`;

/** True when the text holds none of UNSAFE_TEXT_PATTERN's characters. */
export const isSafeText = (value: string) => !UNSAFE_TEXT_PATTERN.test(value);

/**
 * A required, trimmed text field whose messages name the field, e.g. "Username is required".
 * `label` is the field's name as a person reads it.
 */
export function requiredText(label: string, max = 200) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSafeText, unsafeTextMessage(label));
}

/** `page` and `pageSize` query parameters (both optional), pages of at most `maxPageSize` rows. */
export function pagingFields(maxPageSize: number) {
  return {
    page: z.coerce
      .number()
      .int('page must be a whole number')
      .min(1, 'page must be 1 or more')
      .optional(),
    pageSize: z.coerce
      .number()
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be 1 or more')
      .max(maxPageSize, `pageSize must be at most ${maxPageSize}`)
      .optional(),
  };
}
