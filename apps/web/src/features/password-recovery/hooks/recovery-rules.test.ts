import { describe, expect, it } from 'vitest';
import { newPasswordProblems, recoveryChecklist } from './recovery-rules.ts';

describe('recovery password rules', () => {
  it("gives the 'Password must contain at least one ...' messages for unmet rules", () => {
    expect(newPasswordProblems('abc', 'abc')).toEqual([
      'Password must be 8-16 characters long',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
  });

  it('uses the recovery special characters', () => {
    const special = (pw: string) => recoveryChecklist(pw).find((r) => r.id === 'special')?.met;
    expect(special('Abcdefg1_')).toBe(true);
    expect(special('Abcdefg1/')).toBe(true);
    expect(special('Abcdefg1~')).toBe(false);
  });

  it('asks for a matching, non-empty confirmation', () => {
    expect(newPasswordProblems('Recover3d!pw', '')).toEqual(['Passwords do not match']);
    expect(newPasswordProblems('Recover3d!pw', 'Recover3d!pX')).toEqual(['Passwords do not match']);
    expect(newPasswordProblems('Recover3d!pw', 'Recover3d!pw')).toEqual([]);
  });
});
