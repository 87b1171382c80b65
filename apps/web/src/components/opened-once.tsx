import { lazy, Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';

/**
 * A component whose code loads on its first render (React.lazy of a module's named export), for
 * what a page shows only after an action: a dialog, a menu. Render it inside `OpenedOnce`.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * Renders its children from the first time `open` is true on (and keeps them after, so a dialog
 * still animates closed), inside a Suspense with no fallback: a lazily loaded dialog's code is
 * fetched when it is first opened, not with the page.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) {
    setOpened(true);
  }
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
