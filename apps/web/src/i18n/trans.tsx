import { useContext } from 'react';
import type { ReactElement } from 'react';
import { i18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { TransNoContext } from '@lingui/react/server';

/**
 * A message with marked parts, `Open the <0>{year} plan</0>`, where each `<n>...</n>` becomes
 * `components[n]` holding its text (a link, bold). Lingui's own rendering, fed by the app's
 * I18nProvider when there is one (so it re-renders on a language change) and by the shared
 * instance in component tests, which render without the provider.
 */
export function T({
  id,
  values,
  components,
}: {
  id: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  const context = useContext(LinguiContext);
  const lingui = context ?? { i18n, _: i18n._.bind(i18n) };
  return <TransNoContext id={id} values={values} components={components} lingui={lingui} />;
}
