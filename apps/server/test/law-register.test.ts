import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderLawRegister } from '../src/scripts/law-register.ts';
import { BUDGET_RULES } from '../src/db/seed.ts';
import { REVIEW_RULES } from '../src/features/plan-review/rules.ts';

const LAW = join(import.meta.dirname, '..', '..', '..', 'docs', 'law.md');

describe('the law register, docs/law.md', () => {
  it('is what `npm run docs:law` writes from the rules the product applies', () => {
    // On a failure: run `npm run docs:law` and commit docs/law.md with the rule's change.
    expect(readFileSync(LAW, 'utf8')).toBe(renderLawRegister());
  });

  it('lists every rule of the rules table with its source', () => {
    const text = renderLawRegister();
    for (const rule of [...BUDGET_RULES, ...REVIEW_RULES]) {
      expect(text).toContain(`\`${rule.rule_key}\``);
      expect(text).toContain(rule.source.replaceAll('|', '\\|'));
    }
  });
});
