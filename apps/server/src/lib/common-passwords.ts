import { dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn's list of the ~49,000 most used passwords (lower case), built on first use. */
let common: Set<string> | undefined;

/** Look-alike characters people put in a common word ("P@ssw0rd"). */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
};

/**
 * The forms of a password an attacker's list would try: as typed, without symbols, without the
 * digits and symbols around it ("Password1!" -> "password"), with look-alikes undone, letters only.
 */
function variants(password: string): string[] {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const plain = Array.from(core, (c) => LEET[c] ?? c).join('');
  return [
    lower,
    lower.replace(/[^a-z0-9]/g, ''),
    core,
    plain,
    lower.replace(/[^a-z]/g, ''),
    plain.replace(/[^a-z]/g, ''),
  ];
}

/**
 * True when the password is one of the most common passwords, or one dressed up to pass the
 * character rules (capital, digit, symbol added to a common word).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary.passwords);
  const list = common;
  return variants(password).some((v) => v.length >= 4 && list.has(v));
}
