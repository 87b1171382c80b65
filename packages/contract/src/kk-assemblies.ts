import { z } from 'zod';
import { calendarDate } from './calendar-date.ts';
import { requiredText, rowIdSchema } from './common.ts';
import { defineEndpoint } from './endpoints.ts';

/**
 * Katipunan ng Kabataan (KK) assemblies: the meetings of every youth of the
 * barangay (RA 10742 s. 4 and s. 5 as amended by RA 11768), recorded by the SK chairperson and
 * officials: the date, the kind and agenda, how many attended (a count: the names of those who
 * came are personal data and belong to the encrypted KK registry, never here) and the minutes as
 * a PDF. An assembly's concurrence approves the CBYDP (RA 10742 s. 8(a) as amended by RA 11768
 * s. 1; cbydp.ts).
 */

export const KK_ASSEMBLY_KINDS = ['regular', 'special'] as const;
export type KkAssemblyKind = (typeof KK_ASSEMBLY_KINDS)[number];

export const KK_AGENDA_MAX = 2000;
/** More youths than any barangay has (the largest have a few tens of thousands of people). */
export const KK_ATTENDANCE_MAX = 100_000;
export const KK_MINUTES_MAX_BYTES = 10 * 1024 * 1024;

export const KK_ASSEMBLY_MESSAGES = {
  created: 'KK assembly recorded.',
  saved: 'KK assembly saved.',
  deleted: 'KK assembly deleted.',
  minutesSaved: 'Minutes uploaded.',
  notFound: 'KK assembly not found.',
  forbidden: 'Only the SK chairperson and SK officials record KK assemblies.',
  noMinutes: 'This assembly has no minutes file.',
  minutesNotPdf: 'The minutes must be a PDF file.',
  minutesTooLarge: (maxMb: number) => `The minutes must be at most ${maxMb} MB.`,
  minutesRequired: 'Choose the minutes PDF to upload.',
  inUse: 'This assembly concurred in an approved CBYDP and cannot be deleted.',
} as const;

export const KkAssemblyInputSchema = z.object({
  heldOn: calendarDate('Date of the assembly'),
  kind: z.enum(KK_ASSEMBLY_KINDS, { error: "Kind must be 'regular' or 'special'" }),
  agenda: requiredText('Agenda', KK_AGENDA_MAX),
  attendance: z
    .number({ error: 'Attendance must be a number' })
    .int('Attendance must be a whole number')
    .min(0, 'Attendance must not be negative')
    .max(KK_ATTENDANCE_MAX, `Attendance must be at most ${KK_ATTENDANCE_MAX}`),
});
export type KkAssemblyInput = z.input<typeof KkAssemblyInputSchema>;

export const KkAssemblySchema = z.object({
  id: z.number().int(),
  heldOn: z.string(),
  kind: z.enum(KK_ASSEMBLY_KINDS),
  agenda: z.string(),
  attendance: z.number().int(),
  minutes: z.object({ fileName: z.string(), sizeBytes: z.number().int() }).nullable(),
  /** Approved CBYDPs this assembly concurred in, by period ('2026-2028'). */
  concurredIn: z.array(z.string()),
  recordedBy: z.string(),
  updatedAt: z.string(),
});
export type KkAssembly = z.infer<typeof KkAssemblySchema>;

export const KkAssemblyIdParamsSchema = z.object({ id: rowIdSchema });

const assemblyAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  assembly: KkAssemblySchema,
});

export const listKkAssembliesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/kk/assemblies',
  response: z.object({ success: z.literal(true), assemblies: z.array(KkAssemblySchema) }),
});
export const createKkAssemblyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/assemblies',
  body: KkAssemblyInputSchema,
  response: assemblyAnswer,
});
export const saveKkAssemblyEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/kk/assemblies/:id',
  body: KkAssemblyInputSchema,
  response: assemblyAnswer,
});
export const deleteKkAssemblyEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/kk/assemblies/:id',
  response: z.object({ success: z.literal(true), message: z.string() }),
});
/** Multipart: the minutes PDF in `file`. Replaces an earlier file. */
export const uploadKkMinutesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/kk/assemblies/:id/minutes',
  response: assemblyAnswer,
});
/** The minutes PDF (a download). */
export const KK_MINUTES_PATH = '/api/kk/assemblies/:id/minutes';
