import { describe, expect, it } from 'vitest';
import { effectiveCustomCategory, needsYouthPrefix } from '@sk-tanaw/contract';
import {
  checkCustomCategory,
  hasInappropriateLanguage,
} from '../src/features/predictive/custom-category.ts';
import { customWords } from '../src/features/predictive/service.ts';
import { AppError } from '../src/lib/errors.ts';
import { FILIPINO_BADWORDS } from '../src/lib/words/filipino-badwords.ts';

describe('custom category screening', () => {
  it.each(['fuck', 'Bullshit programme', 'sh1t', 'fuuuuck', 'f.u.c.k', 'b!tch', 'motherfucker'])(
    'refuses the English term in %j',
    (text) => {
      expect(hasInappropriateLanguage(text)).toBe(true);
    },
  );

  it.each([
    'putangina',
    'Putang ina',
    'gago',
    'gag0',
    'tarantado league',
    'sira ulo',
    'p u t a',
    'tangena',
    'KUPAL',
  ])('refuses the Filipino term in %j', (text) => {
    expect(hasInappropriateLanguage(text)).toBe(true);
  });

  it.each([
    'class',
    'assembly',
    'Youth Assembly',
    'Basketball league',
    'Taekwondo training',
    'Animal welfare',
    'Reputation building',
    'Voter education (boto)',
    'Scunthorpe exchange',
    'Mangrove planting',
  ])('lets the innocent %j pass', (text) => {
    expect(hasInappropriateLanguage(text)).toBe(false);
  });

  it('answers 400 with a message containing "inappropriate language"', () => {
    let error: unknown;
    try {
      checkCustomCategory('gago program');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    expect((error as AppError).code).toBe('INAPPROPRIATE_LANGUAGE');
    expect((error as AppError).message).toContain('inappropriate language');
  });

  it('requires a custom category when Others is chosen', () => {
    expect(() => checkCustomCategory('   ')).toThrow(
      "Please enter a custom category when 'Others' is selected.",
    );
    expect(() => checkCustomCategory(null)).toThrow(AppError);
  });
});

describe('the Filipino word list kept in lib/words (filipino-badwords-list 1.1.2)', () => {
  /** Ordinary words in a programme title, let through on purpose (custom-category.ts). */
  const allowed = ['boto', 'poke', 'hudas', 'kayat'];

  it("holds the package's 97 entries", () => {
    expect(FILIPINO_BADWORDS).toHaveLength(97);
    expect(new Set(FILIPINO_BADWORDS).size).toBe(97);
  });

  it('refuses every word of the list, alone and inside a title, as the package did', () => {
    // "pu'keng" is the exception: its apostrophe splits it in two before matching.
    const screened = FILIPINO_BADWORDS.filter((w) => !allowed.includes(w) && w !== "pu'keng");
    expect(screened.length).toBeGreaterThan(90);
    for (const word of screened) {
      expect(hasInappropriateLanguage(word), word).toBe(true);
      expect(hasInappropriateLanguage(`Youth ${word.toUpperCase()} fair`), word).toBe(true);
    }
    expect(() => checkCustomCategory('hinayupak cup')).toThrow(AppError);
  });

  it('lets the ordinary words of the list pass', () => {
    for (const word of allowed) {
      expect(FILIPINO_BADWORDS).toContain(word);
      expect(hasInappropriateLanguage(`Youth ${word} fair`), word).toBe(false);
    }
  });
});

describe('the Youth prefix', () => {
  it('prefixes a category with no youth-development keyword or youth word', () => {
    expect(needsYouthPrefix('Basketball')).toBe(true);
    expect(effectiveCustomCategory('Basketball')).toBe('Youth Basketball');
    expect(checkCustomCategory('  Coastal   clean-up ')).toBe('Youth Coastal clean-up');
  });

  it.each([
    'Sports clinic',
    'DIGITAL literacy',
    'Kabataan fair',
    'SK fun run',
    'sk Olympics',
    'Student council',
    'Teen camp',
  ])('keeps %j as it is (keywords compared case-insensitively)', (text) => {
    expect(needsYouthPrefix(text)).toBe(false);
    expect(effectiveCustomCategory(text)).toBe(text);
  });

  it('does not hint for entries of three characters or fewer', () => {
    expect(needsYouthPrefix('Art')).toBe(false);
  });

  it('does not treat "sk" inside another word as the youth word SK', () => {
    expect(needsYouthPrefix('Basketball')).toBe(true);
    expect(needsYouthPrefix('Desk repair')).toBe(true);
  });
});

describe('the words that match a custom category to budget lines', () => {
  it('keeps words of four letters or more, youth words aside', () => {
    expect(customWords('Youth Basketball league')).toEqual(['basketball', 'league']);
    expect(customWords('SK Kabataan')).toEqual([]);
    expect(customWords('Youth Art')).toEqual([]);
  });
});
