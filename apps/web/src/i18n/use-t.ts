import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import { i18n } from '@lingui/core';

/**
 * The translate function of the language shown now: `t('namespace.some.key')`, with ICU values
 * `t('namespace.some.count', { count })`. Inside the app's I18nProvider it re-renders the
 * component when the language changes; outside one (a component test rendering a single
 * component) it reads the shared instance, which the test set-up activates in English.
 */
export function useT(): (id: string, values?: Record<string, unknown>) => string {
  const context = useContext(LinguiContext);
  if (context) {
    return context._;
  }
  return (id, values) => i18n._(id, values);
}
