import { describe, expect, it } from 'vitest';
import {
  FORCED_CHANGE_SPECIALS,
  RECOVERY_SPECIALS,
  checkPassword,
  passwordProblem,
} from '../src/index.ts';

describe('password rules (spec part 1 section 5)', () => {
  it('meets every rule with a strong password', () => {
    expect(checkPassword('Tanaw#2025').every((r) => r.met)).toBe(true);
    expect(passwordProblem('Tanaw#2025')).toBeNull();
  });

  it.each([
    ['Ab1!', 'Password must be 8-16 characters long'],
    ['Abcdefgh1!xyzuvwq', 'Password must be 8-16 characters long'],
    ['abcdefg1!', 'Password must contain at least one uppercase letter'],
    ['ABCDEFG1!', 'Password must contain at least one lowercase letter'],
    ['Abcdefgh!', 'Password must contain at least one number'],
    ['Abcdefgh1', 'Password must contain at least one special character'],
  ])('%s fails with "%s"', (password, message) => {
    expect(passwordProblem(password)).toBe(message);
  });

  it('uses each dialog its own special set', () => {
    expect(
      checkPassword('Abcdefg1_', FORCED_CHANGE_SPECIALS).find((r) => r.id === 'special')?.met,
    ).toBe(false);
    expect(checkPassword('Abcdefg1_', RECOVERY_SPECIALS).find((r) => r.id === 'special')?.met).toBe(
      true,
    );
    expect(passwordProblem('Abcdefg1_')).toBeNull();
  });
});
