/**
 * A raw-data CSV analysed without storing it: read by the raw-data import's own parser (same
 * header mapping, budgets, row rules and messages as 'Update Data'), then flattened into the
 * budget rows the analyst reads.
 */
import { Readable } from 'node:stream';
import { badRequest } from '../../lib/errors.ts';
import { parseRawDataCsv } from '../raw-data/csv-import.ts';
import type { PpaYear } from './budget-facts.ts';

export interface CsvBudget {
  rows: PpaYear[];
  totalRows: number;
  errorRows: number;
}

export async function parseBudgetCsv(content: Buffer): Promise<CsvBudget> {
  const parsed = await parseRawDataCsv(Readable.from([content]));
  const rows: PpaYear[] = [];
  for (const p of parsed.ppas) {
    p.years.forEach((year, i) => {
      const budget = p.budgets[i];
      if (budget !== null && budget !== undefined) {
        rows.push({ ppa: p.ppa, category: p.category, committee: p.committee, year, budget });
      }
    });
  }
  if (rows.length === 0) {
    throw badRequest('The file has no budget values to analyse.', 'EMPTY_CSV');
  }
  return { rows, totalRows: parsed.totalRows, errorRows: parsed.errorRows };
}
