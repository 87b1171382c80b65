/**
 * The message catalogues, one per part of the app, in `src/locales/{en,fil}/{namespace}.json`
 * (Lingui's JSON "minimal" format: key -> ICU message). Every key starts with its namespace, so
 * the catalogues merge into one dictionary per language without clashes. A page loads only the
 * namespaces it needs; the landing page's English is part of the first download and everything
 * else (all of Filipino included) comes with the page that needs it.
 */
export const NAMESPACES = ['landing', 'common', 'errors'] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every page outside the landing page needs: shared words, server error texts. */
export const APP_NAMESPACES: readonly Namespace[] = ['common', 'errors'];
