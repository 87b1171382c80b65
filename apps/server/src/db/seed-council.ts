import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * The council duties (contract: council-duties.ts) as reference data, with their sources; written
 * at every start like the roles, so a name or source corrected here reaches every installation.
 * `sole`: the holder of that duty may hold no other.
 */
export const COUNCIL_DUTY_ROWS = [
  {
    code: 'treasurer',
    name: 'SK Treasurer',
    source:
      'RA 10742 s. 7 (appointed by the SK chairperson with the concurrence of the majority of the SK members) and s. 10 as amended by RA 11768 (qualifications, TESDA bookkeeping certification); s. 20(b): custodian of the SK funds, signatory of the SK bank account with the chairperson.',
    sort_order: 1,
    sole: 1,
  },
  {
    code: 'secretary',
    name: 'SK Secretary',
    source:
      'RA 10742 s. 7 (appointed by the SK chairperson with the concurrence of the majority of the SK members): minutes and records of the SK; the Katipunan ng Kabataan youth registry (DILG MC No. 2022-033).',
    sort_order: 2,
    sole: 0,
  },
  {
    code: 'bmo',
    name: 'Budget Monitoring Officer',
    source:
      'Designated by the SK chairperson with the concurrence of the majority of the SK members from the SK officials other than the treasurer (DILG full public disclosure guidelines for the SK); keeps the Registry of Budget, Commitments, Payments and Balances (COA Handbook on the Financial Transactions of the SK, Annex 1).',
    sort_order: 3,
    sole: 0,
  },
];

export async function seedCouncilDuties(db: Kysely<DB>): Promise<void> {
  for (const duty of COUNCIL_DUTY_ROWS) {
    await db
      .insertInto('council_duties')
      .values(duty)
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({
          name: duty.name,
          source: duty.source,
          sort_order: duty.sort_order,
          sole: duty.sole,
        }),
      )
      .execute();
  }
}
