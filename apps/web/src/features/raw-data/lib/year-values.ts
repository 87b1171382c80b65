import { isPlanValue, type RawDataRow } from '@sk-tanaw/contract';
import { i18n } from '../../../i18n/index.ts';

const wholePesos = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  maximumFractionDigits: 0,
});
const pesosAndCentavos = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '₱12,500', or '₱12,500.50' when there are centavos. */
const pesos = (amount: number) =>
  (Number.isInteger(amount) ? wholePesos : pesosAndCentavos).format(amount);

/** One year of a row: 'year: value' ('None' when empty), and whether the posted plan gave it. */
export interface YearPart {
  year: number;
  text: string;
  fromPlan: boolean;
}

export function yearParts(
  row: RawDataRow,
  years: readonly number[],
  kind: 'target' | 'budget',
): YearPart[] {
  return years.map((year) => {
    const value = row[`${year}_${kind}`];
    const empty = value === null || value === undefined || value === '';
    return {
      year,
      text: i18n._('rawdata.table.yearValue', {
        year,
        value: empty ? i18n._('rawdata.none') : typeof value === 'number' ? pesos(value) : value,
      }),
      fromPlan: !empty && isPlanValue(row, year),
    };
  });
}

/** Spec part 2 section 2: per-year values as 'year: value' joined by ' | ', empty as 'None'. */
export function yearValues(
  row: RawDataRow,
  years: readonly number[],
  kind: 'target' | 'budget',
): string {
  if (years.length === 0) {
    return i18n._('rawdata.none');
  }
  return yearParts(row, years, kind)
    .map((part) => part.text)
    .join(' | ');
}
