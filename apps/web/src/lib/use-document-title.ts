import { useEffect } from 'react';
import { PRODUCT_NAME } from './site.ts';

/** Sets the tab title to "{title} · SK Tanaw" (or the product name alone) while mounted. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
