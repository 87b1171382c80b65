import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@sk-tanaw/contract';
import { firstAdminProblems } from '../src/features/auth/first-admin.ts';
import { isCommonPassword } from '../src/lib/common-passwords.ts';

describe('common passwords', () => {
  it('recognises common passwords with capitals, digits, symbols and look-alikes added', () => {
    for (const password of [
      'Password1!',
      'P@ssw0rd',
      'Qwerty123!',
      'Michael#1990',
      'Welcome@2024',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('lets uncommon passwords through', () => {
    for (const password of [
      'Tanaw#2025',
      'Valid#Pass9',
      'Lara#2026x',
      'kT9#vQ2!mZ',
      'Barangay#SB77',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });

  it('is one of the first administrator checks too', () => {
    const problems = firstAdminProblems({
      username: 'first.admin',
      fullName: 'First Admin',
      barangay: 'San Bartolome',
      email: 'first.admin@gmail.com',
      phone: '09170000000',
      password: 'Password1!',
      position: 'MA',
    });
    expect(problems).toEqual([AUTH_MESSAGES.commonPassword]);
  });
});
