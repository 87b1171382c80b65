// Birthdays as councils type them in an Annex 4 file (features/kk/annex4.ts readBirthday): every
// written form of a real day reads as that day, and what cannot be read for sure is left for the
// schema to refuse, never guessed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KkProfileFieldsSchema, MONTHS as ENGLISH } from '@sk-tanaw/contract';
import { readBirthday } from '../src/features/kk/annex4.ts';

const FILIPINO = [
  'Enero',
  'Pebrero',
  'Marso',
  'Abril',
  'Mayo',
  'Hunyo',
  'Hulyo',
  'Agosto',
  'Setyembre',
  'Oktubre',
  'Nobyembre',
  'Disyembre',
];

describe('readBirthday', () => {
  it('reads the usual written forms of a day', () => {
    const cases: [string, string][] = [
      ['2008-03-15', '2008-03-15'],
      ['2008/3/5', '2008-03-05'],
      ['2008-03-15T00:00:00.000Z', '2008-03-15'],
      ['2008-03-15 00:00:00', '2008-03-15'],
      ['3/15/2008', '2008-03-15'],
      ['03-15-2008', '2008-03-15'],
      ['3.5.2008', '2008-03-05'],
      ['March 15, 2008', '2008-03-15'],
      ['Mar. 15, 2008', '2008-03-15'],
      ['sept 9 2008', '2008-09-09'],
      ['15 March 2008', '2008-03-15'],
      ['15-Mar-2008', '2008-03-15'],
      ['Marso 15, 2008', '2008-03-15'],
      ['  9 Disyembre 2001 ', '2001-12-09'],
    ];
    for (const [typed, day] of cases) {
      expect(readBirthday(typed), typed).toBe(day);
    }
  });

  it('leaves two-digit years, unknown months and other text for the schema to refuse', () => {
    for (const typed of [
      '3/15/08',
      '15-Mar-08',
      'Smarch 15, 2008',
      'last year',
      '2008-03-15x',
      '2008-03-15 approx.',
    ]) {
      expect(readBirthday(typed), typed).toBe(typed.trim());
    }
    // Month first, as Philippine forms write it: a day in the month's place is refused, never
    // swapped.
    expect(readBirthday('15/3/2008')).toBe('2008-15-03');
    expect(KkProfileFieldsSchema.shape.birthday.safeParse('2008-15-03').success).toBe(false);
    // A day that does not exist is read as written, and refused by the schema.
    expect(readBirthday('February 30, 2008')).toBe('2008-02-30');
    const refused = KkProfileFieldsSchema.shape.birthday.safeParse(
      readBirthday('February 30, 2008'),
    );
    expect(refused.success).toBe(false);
  });

  it('reads any real day back from each form it accepts', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 5 }),
        (when, form) => {
          const y = String(when.getUTCFullYear());
          const m = when.getUTCMonth();
          const d = when.getUTCDate();
          const day = `${y}-${String(m + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const typed = [
            day,
            `${String(m + 1)}/${String(d)}/${y}`,
            `${ENGLISH[m] ?? ''} ${String(d)}, ${y}`,
            `${String(d)}-${(ENGLISH[m] ?? '').slice(0, 3)}-${y}`,
            `${FILIPINO[m] ?? ''} ${String(d)}, ${y}`,
            `${y}/${String(m + 1)}/${String(d)}`,
          ][form];
          expect(readBirthday(typed ?? '')).toBe(day);
        },
      ),
    );
  });
});
