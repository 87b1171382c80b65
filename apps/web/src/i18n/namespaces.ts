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
  'shell', // the user, admin and city layouts (header, sidebars) and the city's pages (shell.city.*)
  'dashboard',
  'projects',
  'forecast',
  'predictive',
  'rawdata',
  'admin', // the admin screens: accounts, roles, projects, sessions, audit trail, archive, dashboard
  'plans', // budget planning (ABYIP, SK annual budget, the CBYDP and KK assemblies)
  'tracker',
  'procurement', // the SK's procurement: BAC, suppliers, purchase requests to inspection
  'disclosure', // the public disclosure board, and the KK registry and its public form (`disclosure.kk.*`)
  'backup',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What every page outside the landing page needs: shared words, server error texts. */
export const APP_NAMESPACES: readonly Namespace[] = ['common', 'errors'];
