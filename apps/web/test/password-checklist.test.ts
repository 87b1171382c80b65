import { describe, expect, it } from 'vitest';
import {
  allRulesMet,
  capPassword,
  CREDENTIAL_MESSAGES,
  credentialsProblem,
  forcedChangeChecklist,
} from '../src/features/auth/hooks/credentials-rules.ts';

/** The checklist's items in order: the five rules, then the confirmation match. */
const ALL_ITEMS = ['length', 'uppercase', 'lowercase', 'digit', 'special', 'match'];

const metIds = (password: string, confirm: string) =>
  forcedChangeChecklist(password, confirm)
    .filter((item) => item.met)
    .map((item) => item.id);

describe('forced-change password checklist', () => {
  it('lists the five rules and the confirmation match', () => {
    expect(forcedChangeChecklist('', '').map((item) => item.id)).toEqual(ALL_ITEMS);
  });

  it('marks each rule as it becomes true', () => {
    expect(metIds('a', '')).toEqual(['lowercase']);
    expect(metIds('aB3', '')).toEqual(['uppercase', 'lowercase', 'digit']);
    expect(metIds('aB3!efgh', 'aB3!efgh')).toEqual(ALL_ITEMS);
  });

  it("uses the dialog's own special characters", () => {
    // '_' belongs to the recovery set only.
    expect(metIds('Abcdefg1_', '')).not.toContain('special');
    expect(metIds('Abcdefg1{', '')).toContain('special');
    expect(metIds('Abcdefg1"', '')).toContain('special');
  });

  it('needs a non-empty, equal confirmation', () => {
    expect(metIds('Abcdef1!', '')).not.toContain('match');
    expect(metIds('Abcdef1!', 'Abcdef1?')).not.toContain('match');
    expect(allRulesMet(forcedChangeChecklist('Abcdef1!', 'Abcdef1!'))).toBe(true);
  });

  it('rejects more than 16 characters and caps input at 16', () => {
    expect(metIds('Abcdefghijklmn1!x', '')).not.toContain('length');
    expect(capPassword('Abcdefghijklmn1!xyz')).toBe('Abcdefghijklmn1!');
    expect(capPassword('short')).toBe('short');
  });

  it('reports unmet rules before an empty username', () => {
    expect(credentialsProblem('', 'weak', 'weak')).toBe(CREDENTIAL_MESSAGES.unmetRules);
    expect(credentialsProblem('   ', 'Abcdef1!', 'Abcdef1!')).toBe('Username cannot be empty');
    expect(credentialsProblem('new.name', 'Abcdef1!', 'Abcdef1!')).toBeNull();
  });
});
