import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { i18n, type Messages } from '@lingui/core';
import { afterEach } from 'vitest';

// Component tests render single components outside the app's I18nProvider: they read the shared
// Lingui instance, here holding every English catalogue (the spec's texts).
const english = import.meta.glob<{ messages: Messages }>('../src/locales/en/*.json', {
  query: '?lingui',
  eager: true,
});
for (const catalogue of Object.values(english)) {
  i18n.load('en', catalogue.messages);
}
i18n.activate('en', ['en-PH']);

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
