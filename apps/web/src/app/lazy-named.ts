import { lazy } from 'react';
import type { ComponentType } from 'react';
import { APP_NAMESPACES, loadNamespaces, type Namespace } from '../i18n/index.ts';

/**
 * React.lazy for a module's named export, so pages keep named exports; the page's message
 * catalogues (the shared ones and its own) load beside its code, in the language shown.
 */
export function lazyNamed<M>(load: () => Promise<M>, name: keyof M, namespaces: Namespace[] = []) {
  return lazy(async () => {
    const [module] = await Promise.all([
      load(),
      loadNamespaces([...APP_NAMESPACES, ...namespaces]),
    ]);
    return { default: module[name] as ComponentType };
  });
}
