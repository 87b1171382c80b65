import { useEffect, useRef, useState } from 'react';
import { SCROLL_REVEAL_THRESHOLD } from '@sk-tanaw/contract';

/** Root margin that fires when an element's top passes 85% of the window height. */
export const REVEAL_ROOT_MARGIN = `0px 0px -${Math.round((1 - SCROLL_REVEAL_THRESHOLD) * 100)}% 0px`;

function revealsImmediately(): boolean {
  return (
    typeof IntersectionObserver === 'undefined' ||
    (typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches)
  );
}

/** Becomes true once the element scrolls into the top 85% of the window, and stays true. */
export function useScrollReveal<T extends Element>() {
  const ref = useRef<T>(null);
  const [revealed, setRevealed] = useState(revealsImmediately);

  useEffect(() => {
    const element = ref.current;
    if (revealed || !element) {
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setRevealed(true);
          observer.disconnect();
        }
      },
      { rootMargin: REVEAL_ROOT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [revealed]);

  return { ref, revealed };
}
