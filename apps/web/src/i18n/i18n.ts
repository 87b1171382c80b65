import { i18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LANGUAGE_LOCALES,
  languageFromTag,
  type Language,
} from '@sk-tanaw/contract';
import { messages as englishLanding } from '../locales/en/landing.json?lingui';
import type { Namespace } from './namespaces.ts';

/** Where the reader's choice is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'sk-tanaw.language';

type CatalogueModule = { messages: Messages };

// Every catalogue as its own chunk, compiled by @lingui/vite-plugin (the `?lingui` query). The
// English landing catalogue is left out: it is imported above, into the first download itself
// (listed here too, it would become a chunk of its own: one more request and ~1 KB more gzipped).
const catalogues = import.meta.glob<CatalogueModule>(
  ['../locales/*/*.json', '!../locales/en/landing.json'],
  { query: '?lingui' },
);

const loaded: Record<Language, Set<Namespace>> = { en: new Set(['landing']), fil: new Set() };
/** The namespaces some page has asked for: a language switch loads all of them. */
const wanted = new Set<Namespace>(['landing']);
const listeners = new Set<(language: Language) => void>();

i18n.load('en', englishLanding);

async function loadInto(language: Language, namespaces: Iterable<Namespace>): Promise<void> {
  const missing = [...namespaces].filter((namespace) => !loaded[language].has(namespace));
  await Promise.all(
    missing.map(async (namespace) => {
      const load = catalogues[`../locales/${language}/${namespace}.json`];
      if (!load) {
        throw new Error(`No ${language} catalogue for ${namespace}`);
      }
      i18n.load(language, (await load()).messages);
      loaded[language].add(namespace);
    }),
  );
}

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language shown now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** The `Intl` locale of the language shown now (`en-PH` or `fil-PH`). */
export function currentLocale(): string {
  return LANGUAGE_LOCALES[currentLanguage()];
}

/** The reader's remembered choice in this browser, if any. */
export function storedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** First visit: the browser's language (`fil`/`tl` -> Filipino, else English); then the choice. */
export function initialLanguage(): Language {
  return storedLanguage() ?? languageFromTag(navigator.languages[0] ?? navigator.language);
}

function activate(language: Language): void {
  i18n.activate(language, [LANGUAGE_LOCALES[language]]);
  document.documentElement.lang = language;
}

/** Loads the landing page's catalogue in the first language and activates it (before render). */
export async function startI18n(language: Language = initialLanguage()): Promise<void> {
  await loadInto(language, wanted);
  activate(language);
}

/** Loads namespaces in the language shown now (and remembers them for a later switch). */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  for (const namespace of namespaces) {
    wanted.add(namespace);
  }
  await loadInto(currentLanguage(), namespaces);
}

/**
 * Switches the language: loads every namespace in use in the new language first, so the page
 * never shows keys, then re-renders, remembers the choice and tells the listeners (the signed-in
 * account saves it).
 */
export async function changeLanguage(language: Language, options = { remember: true }) {
  await loadInto(language, wanted);
  activate(language);
  if (options.remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // A browser that refuses storage still switches, for this visit.
    }
    for (const listener of listeners) {
      listener(language);
    }
  }
}

/** Calls `listener` when the reader chooses a language; returns the unsubscribe function. */
export function onLanguageChosen(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { i18n };
