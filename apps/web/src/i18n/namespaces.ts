/**
 * The message catalogues, one per part of the app, in `src/locales/{en,fil}/{namespace}.json`
 * (Lingui's JSON "minimal" format: key -> ICU message). Every key starts with its namespace, so
 * the catalogues merge into one dictionary per language without clashes. A page loads only the
 * namespaces it needs; the landing page's English is part of the first download and everything
 * else (all of Filipino included) comes with the page that needs it.
 */
export const NAMESPACES = [
  'landing', // the landing page (part of the first download in English)
  'common', // shared words and components (src/components, src/lib)
  'errors', // server error codes and the spec's messages, by code and by English text
  'auth', // the login modal and barangay picker
  'access', // change-password and unauthorized pages
  'recovery', // password recovery
  'showcase', // the public project showcase
  'shell', // the user and admin layouts: header, sidebars
  'dashboard',
  'projects',
  'forecast',
  'predictive',
  'rawdata',
  'admin', // the admin screens: accounts, roles, projects, sessions, audit trail, archive, dashboard
  'plans', // budget planning (ABYIP, SK annual budget)
  'tracker',
  'disclosure', // the public disclosure board
  'backup',
  'city', // the city accounts' pages (issues 34 and 35)
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every page outside the landing page needs: shared words, server error texts. */
export const APP_NAMESPACES: readonly Namespace[] = ['common', 'errors'];
