import type { KkImportRowProblem } from '@sk-tanaw/contract';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * One bad row of an Annex 4 import as a sentence in the language shown, by the problem's code:
 * the age and duplicate problems in full, a refused value with its column's header and the
 * server's detail (the rule it breaks, in English: the field's own wording).
 */
export function importProblemText(t: Translate, problem: KkImportRowProblem): string {
  const { row, reason, column } = problem;
  switch (problem.code) {
    case 'INVALID_VALUE':
      return column === null
        ? t('disclosure.kk.import.badRow', { row, reason })
        : t('disclosure.kk.import.invalidValue', { row, column, reason });
    case 'AGE_OUTSIDE':
      return t('disclosure.kk.import.ageOutside', { row });
    case 'DUPLICATE_IN_REGISTRY':
      return t('disclosure.kk.import.duplicateInRegistry', { row });
    case 'DUPLICATE_IN_FILE':
      return t('disclosure.kk.import.duplicateInFile', { row });
  }
}
