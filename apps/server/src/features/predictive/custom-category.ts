import {
  DataSet,
  RegExpMatcher,
  englishDataset,
  englishRecommendedTransformers,
  parseRawPattern,
} from 'obscenity';
import { TREND_MESSAGES, effectiveCustomCategory } from '@sk-tanaw/contract';
import { badRequest } from '../../lib/errors.ts';
import { FILIPINO_BADWORDS } from '../../lib/words/filipino-badwords.ts';

/**
 * Words of the Filipino list that are ordinary words in a youth-programme title: 'boto' (vote),
 * 'poke' (English), 'hudas' (Judas, e.g. a Holy Week play), 'kayat' (Ilocano "want").
 */
const FILIPINO_ALLOWED = new Set(['boto', 'poke', 'hudas', 'kayat']);

/** Our own additions: common spellings the two lists miss. */
const OWN_ADDITIONS = ['tangena', 'putcha', 'punyemas', 'bwiset', 'pakyew', 'gagu'];

/** Letters only, as the recommended transformers reduce the text before matching. */
const lettersOnly = (word: string) => word.toLowerCase().replace(/[^a-z]/g, '');

function buildMatcher(): RegExpMatcher {
  const dataset = new DataSet<{ originalWord: string }>().addAll(englishDataset);
  const words = new Set(
    [...FILIPINO_BADWORDS, ...OWN_ADDITIONS]
      .filter((w) => !FILIPINO_ALLOWED.has(w.toLowerCase()))
      .map(lettersOnly)
      .filter((w) => w.length >= 3),
  );
  for (const word of words) {
    // `|word|`: whole words only, so innocent words that contain one ('tae' in 'taekwondo') pass.
    dataset.addPhrase((phrase) =>
      phrase.setMetadata({ originalWord: word }).addPattern(parseRawPattern(`|${word}|`)),
    );
  }
  return new RegExpMatcher({ ...dataset.build(), ...englishRecommendedTransformers });
}

let matcher: RegExpMatcher | null = null;

/** Multi-word entries ('sira ulo', 'animal ka') as their letters, matched on joined tokens. */
const PHRASES = new Set(
  [...FILIPINO_BADWORDS, ...OWN_ADDITIONS].filter((w) => /\s/.test(w.trim())).map(lettersOnly),
);

/**
 * Texts a disguise hides from a word-by-word match: runs of single letters joined ('f.u.c.k',
 * 'p u t a') and two or three neighbouring words joined (for the multi-word entries).
 */
function joinedVariants(text: string): { runs: string[]; joins: string[] } {
  const tokens = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}@$]+/u)
    .filter(Boolean);
  const runs: string[] = [];
  let run = '';
  for (const token of tokens) {
    if (token.length === 1) {
      run += token;
      continue;
    }
    if (run.length > 1) {
      runs.push(run);
    }
    run = '';
  }
  if (run.length > 1) {
    runs.push(run);
  }
  const joins: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (let n = 2; n <= 3 && i + n <= tokens.length; n++) {
      joins.push(lettersOnly(tokens.slice(i, i + n).join('')));
    }
  }
  return { runs, joins };
}

/**
 * True when the text holds a profane or inappropriate term, in English (obscenity's dataset, with
 * its transformers for disguises such as leetspeak, look-alike letters and repeated letters) or in
 * Filipino (the word list of filipino-badwords-list, kept in lib/words, plus our additions).
 */
export function hasInappropriateLanguage(text: string): boolean {
  matcher ??= buildMatcher();
  const active = matcher;
  if (active.hasMatch(text)) {
    return true;
  }
  const { runs, joins } = joinedVariants(text);
  return runs.some((r) => active.hasMatch(r)) || joins.some((j) => PHRASES.has(j));
}

/**
 * The custom category of the trends forecast, checked as spec part 2 section 5 says: required
 * when 'Others' is chosen, refused when inappropriate, prefixed with 'Youth' when it names no
 * youth-development keyword or youth word.
 */
export function checkCustomCategory(text: string | null): string {
  const trimmed = (text ?? '').trim();
  if (!trimmed) {
    throw badRequest(TREND_MESSAGES.customRequired, 'CUSTOM_CATEGORY_REQUIRED');
  }
  if (hasInappropriateLanguage(trimmed)) {
    throw badRequest(TREND_MESSAGES.inappropriateLanguage, 'INAPPROPRIATE_LANGUAGE');
  }
  return effectiveCustomCategory(trimmed);
}
