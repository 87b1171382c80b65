import type { ReactElement } from 'react';
import { TransNoContext } from '@lingui/react/server';
import { i18n, useT } from '../i18n/index.ts';

/**
 * Lingui's `<Trans>` (a message with `<0>...</0>` elements and `{values}`), which also renders
 * outside an I18nProvider (component tests render single components without one). Inside the
 * app it re-renders when the language changes, like `useT()`.
 */
export function RichText({
  id,
  values,
  components,
}: {
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  useT();
  return <TransNoContext id={id} values={values} components={components} lingui={{ i18n }} />;
}
