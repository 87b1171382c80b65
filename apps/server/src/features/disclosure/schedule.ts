import type { DisclosureDocument, DisclosureDue, DisclosureRule, SkTerm } from '@sk-tanaw/contract';
import { addDays } from '../tracker/figures.ts';

/** The rule in force for a document of `year`: the newest row from that year or before. */
export function ruleFor(
  rules: readonly DisclosureRule[],
  document: DisclosureDocument,
  year: number,
): DisclosureRule | undefined {
  return rules
    .filter((r) => r.document === document && r.effectiveYear <= year)
    .sort((a, b) => b.effectiveYear - a.effectiveYear)[0];
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * The last Manila day to post a document of `year`: from 1 January (or the plan's approval, when
 * later), from 31 December, or from the term's last day, plus the rule's days.
 */
export function dueOn(
  rule: DisclosureRule,
  at: { year: number; approvedOn?: string | null; termEndsOn?: string | null },
): string | null {
  switch (rule.dueBasis) {
    case 'year-start':
      return addDays(later(`${String(at.year)}-01-01`, at.approvedOn ?? ''), rule.dueDays);
    case 'year-end':
      return addDays(`${String(at.year)}-12-31`, rule.dueDays);
    case 'term-end':
      return at.termEndsOn ? addDays(at.termEndsOn, rule.dueDays) : null;
  }
}

/** The last Manila day a document posted on `postedOn` must stay posted. */
export function postedUntil(rule: DisclosureRule, year: number, postedOn: string): string {
  return rule.stayBasis === 'year-end'
    ? `${String(year + rule.stayValue)}-12-31`
    : addDays(postedOn, rule.stayValue);
}

/** What the SK still has to post, from what is required and what was posted. */
export interface Requirement {
  document: DisclosureDocument;
  year: number;
  approvedOn?: string | null;
  term?: SkTerm | null;
}

/**
 * Each requirement not yet posted, with its deadline and whether today (Manila) is past it. A
 * requirement without a rule is listed overdue, with no deadline: a missing rule never passes.
 * A deadline that passed before `onboardedOn` (the day the council began using SK Tanaw) is
 * listed as before SK Tanaw, not overdue: the council was not here to meet it.
 */
export function nextDue(
  rules: readonly DisclosureRule[],
  required: readonly Requirement[],
  posted: ReadonlySet<string>,
  today: string,
  onboardedOn = '0000-01-01',
): DisclosureDue[] {
  const due = required
    .filter((r) => !posted.has(`${r.document}:${String(r.year)}`))
    .map((r): DisclosureDue => {
      const rule = ruleFor(rules, r.document, r.year);
      if (!rule) {
        return {
          document: r.document,
          year: r.year,
          dueOn: null,
          overdue: true,
          source: 'No posting rule in the rules table',
          confirmed: false,
        };
      }
      const on = dueOn(rule, {
        year: r.year,
        approvedOn: r.approvedOn,
        termEndsOn: r.term?.endsOn,
      });
      const beforeOnboarding = on !== null && on < onboardedOn;
      return {
        document: r.document,
        year: r.year,
        dueOn: on,
        overdue: !beforeOnboarding && (on === null || today > on),
        ...(beforeOnboarding ? { beforeOnboarding } : {}),
        source: rule.source,
        confirmed: rule.confirmed,
      };
    });
  return due.sort((a, b) => (a.dueOn ?? '').localeCompare(b.dueOn ?? '') || a.year - b.year);
}
