import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import { seedTerms } from './seed-terms.ts';

/**
 * Where the posting rules come from. DILG MC No. 2023-068 ("SK Full Public
 * Disclosure (FPD) Policy: Posting of SK-Related Documents in the SKFPD Policy Board", 2023) is
 * known from the DILG NCR memorandum of 15 May 2023 that disseminated it and from the DILG
 * Region 10 LGMED summary of it; the circular's own text was not read. Every row says which.
 */
const MC_2023_068 = 'DILG MC No. 2023-068 (SK Full Public Disclosure Policy)';

/**
 * The posting rules, one row per document and the fiscal year it first governs. A correction is
 * a change of a row (the table is written at start, rows already there are kept).
 * `due_basis`/`due_days`: the deadline, counted from 1 January (for a plan approved later, from
 * its approval), from 31 December of the year, or from the term's last day.
 * `stay_basis`/`stay_value`: to 31 December of the year plus `stay_value` years, or `stay_value`
 * days from the posting.
 */
export const DISCLOSURE_RULES = [
  {
    document: 'abyip',
    effective_year: 2023,
    // Confirmed from the DILG Region 10 summary of the MC (Annex B, "ABYIP (CY 2023 and every
    // year thereafter)"): "posted at the beginning of the specified fiscal year and shall remain
    // posted ... until December 31 of the year". The days allowed after a plan approved later in
    // the year (0: on its approval day) are SK Tanaw's reading.
    due_basis: 'year-start',
    due_days: 0,
    stay_basis: 'year-end',
    stay_value: 0,
    source: `${MC_2023_068}, Annex B, as summarised by DILG Region 10: from the start of the fiscal year to 31 December`,
    confirmed: 1,
  },
  {
    document: 'annual-budget',
    effective_year: 2023,
    // Annex C of the MC is the sample SK annual budget; the summary's sentence on how long it
    // stays was cut off where it was read. Kept as the ABYIP's until confirmed.
    due_basis: 'year-start',
    due_days: 0,
    stay_basis: 'year-end',
    stay_value: 0,
    source: `${MC_2023_068}, Annex C (posting period not confirmed; kept as the ABYIP's)`,
    confirmed: 0,
  },
  {
    document: 'annual-report',
    effective_year: 2023,
    // The IRR of RA 10742 s. 8 asks for annual reports (as secondary sources report it, not
    // read). The
    // deadline and period are those the Local Government Code s. 352 sets for the barangay's
    // own year-end summary (within 30 days of the year's end, posted for the whole next year):
    // applied to the SK by analogy, not confirmed.
    due_basis: 'year-end',
    due_days: 30,
    stay_basis: 'year-end',
    stay_value: 1,
    source:
      'IRR of RA 10742 s. 8 (annual report; not read); deadline and period after RA 7160 s. 352 by analogy (not confirmed for the SK)',
    confirmed: 0,
  },
  {
    document: 'end-of-term-report',
    effective_year: 2023,
    // The IRR of RA 10742 s. 8 asks for end-of-term reports (as reported, not read); posting it
    // by the term's last day and keeping it a year are SK Tanaw's reading.
    due_basis: 'term-end',
    due_days: 0,
    stay_basis: 'days',
    stay_value: 365,
    source:
      "IRR of RA 10742 s. 8 (end-of-term report; not read); by the term's last day, posted for 365 days (not confirmed)",
    confirmed: 0,
  },
] as const;

/** Adds the posting rules the table lacks (rows already there are kept as they are), and the terms. */
export async function seedDisclosureRules(db: Kysely<DB>): Promise<void> {
  for (const rule of DISCLOSURE_RULES) {
    await db
      .insertInto('disclosure_rules')
      .values(rule)
      .onConflict((oc) => oc.columns(['document', 'effective_year']).doNothing())
      .execute();
  }
  await seedTerms(db);
}
