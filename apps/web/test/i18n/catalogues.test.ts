import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { ERROR_CODES } from '@sk-tanaw/contract';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../../src/i18n/namespaces.ts';

// Both languages have exactly the same keys and the same interpolation variables, each
// key belongs to its catalogue's namespace, and every key the code names exists.

const LOCALES_DIR = join(import.meta.dirname, '../../src/locales');
const SOURCE_DIR = join(import.meta.dirname, '../../src');

function catalogue(locale: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8')) as Record<
    string,
    string
  >;
}

/** The ICU arguments a message uses (`{name}`, `{count, plural, ...}`), with nested ones. */
function variables(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') {
        names.add(token.arg);
      }
      if (token.type === 'plural' || token.type === 'select') {
        names.add(token.arg);
        for (const c of token.cases) {
          walk(c.tokens);
        }
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'locales' ? [] : sourceFiles(path);
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('message catalogues', () => {
  it('has one file per namespace and language, and nothing else', () => {
    for (const locale of ['en', 'fil']) {
      const files = readdirSync(join(LOCALES_DIR, locale)).sort();
      expect(files).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
    }
  });

  for (const namespace of NAMESPACES) {
    it(`${namespace}: Filipino has exactly the English keys, variables and namespace`, () => {
      const english = catalogue('en', namespace);
      const filipino = catalogue('fil', namespace);
      expect(Object.keys(filipino).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(key.startsWith(`${namespace}.`), key).toBe(true);
        expect(text.trim(), `en ${key} is empty`).not.toBe('');
        expect(filipino[key]?.trim(), `fil ${key} is empty`).not.toBe('');
        expect(variables(filipino[key] ?? ''), key).toEqual(variables(text));
      }
    });
  }

  it('knows every key the code names', () => {
    const english = Object.assign({}, ...NAMESPACES.map((n) => catalogue('en', n))) as Record<
      string,
      string
    >;
    const namespaces = NAMESPACES.join('|');
    // Keys are named in t('ns.key'), i18n._('ns.key'), <Trans id="ns.key" /> and in table
    // properties ending in Key (labelKey: 'ns.key'), so a key in a table is checked too.
    const keyPattern = new RegExp(
      `(?:\\bt\\(|\\b_\\(|\\bid=\\{?|Key:\\s*)['"\`]((?:${namespaces})\\.[A-Za-z0-9_.-]+)['"\`]`,
      'g',
    );
    const unknown: string[] = [];
    for (const file of sourceFiles(SOURCE_DIR)) {
      for (const match of readFileSync(file, 'utf8').matchAll(keyPattern)) {
        const key = match[1] ?? '';
        if (!(key in english) && !key.endsWith('.')) {
          unknown.push(`${file.slice(SOURCE_DIR.length + 1)}: ${key}`);
        }
      }
    }
    expect(unknown).toEqual([]);
  });

  it('has a text in both languages for every error code the server can send, and no other', () => {
    for (const locale of ['en', 'fil']) {
      const codes = Object.keys(catalogue(locale, 'errors'))
        .filter((key) => key.startsWith('errors.code.'))
        .map((key) => key.slice('errors.code.'.length))
        .sort();
      expect(codes, locale).toEqual([...ERROR_CODES].sort());
    }
  });

  it('says the same English thing the same way in Filipino everywhere', () => {
    const english = Object.assign({}, ...NAMESPACES.map((n) => catalogue('en', n))) as Record<
      string,
      string
    >;
    const filipino = Object.assign({}, ...NAMESPACES.map((n) => catalogue('fil', n))) as Record<
      string,
      string
    >;
    const byEnglish = new Map<string, Set<string>>();
    for (const [key, text] of Object.entries(english)) {
      byEnglish.set(text, (byEnglish.get(text) ?? new Set()).add(filipino[key] ?? ''));
    }
    const differing = [...byEnglish]
      .filter(([, translations]) => translations.size > 1)
      .map(([text, translations]) => `${text}: ${[...translations].join(' | ')}`);
    expect(differing).toEqual([]);
  });
});
