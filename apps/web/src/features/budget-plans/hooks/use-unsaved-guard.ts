import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * Keeps unsaved edits from being lost by leaving: in-app navigation waits for the person's
 * answer (the returned blocker), and closing or reloading the tab asks the browser's question.
 */
export function useUnsavedGuard(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) {
      return undefined;
    }
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);
  return blocker;
}
