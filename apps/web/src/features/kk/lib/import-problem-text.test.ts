import { i18n, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import type { KkImportRowProblem } from '@sk-tanaw/contract';
import { messages as filipinoDisclosure } from '../../../locales/fil/disclosure.json?lingui';
import { importProblemText } from './import-problem-text.ts';

const english = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
const filipinoI18n = setupI18n({ locale: 'fil', messages: { fil: filipinoDisclosure } });
const filipino = (id: string, values?: Record<string, unknown>) => filipinoI18n._(id, values);

const problem = (overrides: Partial<KkImportRowProblem>): KkImportRowProblem => ({
  row: 4,
  reason: "Sex assigned at birth must be 'Male' or 'Female'",
  duplicate: false,
  code: 'INVALID_VALUE',
  column: 'Sex Assigned at Birth',
  ...overrides,
});

describe('an import problem in the language shown', () => {
  it('names the row and the column with the rule it breaks', () => {
    expect(importProblemText(english, problem({}))).toBe(
      "Row 4, column “Sex Assigned at Birth”: Sex assigned at birth must be 'Male' or 'Female'",
    );
    expect(importProblemText(filipino, problem({}))).toBe(
      "Hilera 4, hanay na “Sex Assigned at Birth”: hindi tanggap ang laman (Sex assigned at birth must be 'Male' or 'Female')",
    );
    expect(importProblemText(english, problem({ column: null, reason: 'Invalid value' }))).toBe(
      'Row 4: Invalid value',
    );
  });

  it('says the age and duplicate problems wholly in Filipino', () => {
    const age = problem({ code: 'AGE_OUTSIDE', column: null, reason: 'ignored' });
    const registry = problem({ code: 'DUPLICATE_IN_REGISTRY', column: null, duplicate: true });
    const file = problem({ code: 'DUPLICATE_IN_FILE', column: null, duplicate: true });
    expect(importProblemText(filipino, age)).toBe(
      'Hilera 4: ang edad ay labas sa Katipunan ng Kabataan, 15 hanggang 30 taong gulang (RA 10742 s. 4).',
    );
    expect(importProblemText(filipino, registry)).toMatch(/^Hilera 4 \(doble\): may profile na/);
    expect(importProblemText(filipino, file)).toMatch(/^Hilera 4 \(doble\): parehong pangalan/);
    expect(importProblemText(english, file)).toBe(
      'Row 4 (duplicate): same name and birthday as an earlier row of the file.',
    );
    for (const text of [age, registry, file].map((p) => importProblemText(filipino, p))) {
      expect(text).not.toMatch(/ignored|same name|registry/);
    }
  });
});
