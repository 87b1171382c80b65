import { z } from 'zod';

/** The spec's failure shape: every error answer is `{ success: false, message }`. */
export const ApiMessageSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type ApiMessage = z.infer<typeof ApiMessageSchema>;

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
    .max(max, `${label} must be at most ${max} characters`);
}
