import { Activity, lazy, Suspense, useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocation } from 'react-router-dom';
import { NARROW_SCREEN_BREAKPOINT_PX } from '@sk-tanaw/contract';
import { loadNamespaces } from '../i18n/index.ts';

/** Media query matching screens narrower than the 1024 px breakpoint. */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_BREAKPOINT_PX - 0.02}px)`;

/**
 * The screens that work on a phone (360 px and up), by path:
 * - the public ones: the landing page and sign-in, password recovery and change, the
 *   disclosure board and directory, the KK self-profiling form (`/kk/:barangayCode`; not the
 *   officers' `/kk/assemblies`);
 * - a council's field work: the dashboard, the proposals (list, propose, follow, the chair's
 *   review), the tracker and its item page (evidence from the camera), the disbursement
 *   vouchers (a step or a check recorded where it happens), the procurement (a quotation, an
 *   approval or a delivery's inspection recorded where it happens), the KK registry (add and
 *   verify), the plans list with its public-disclosure postings, a plan's own page as its
 *   status, approval and posting (its editor's grid and totals need a wide screen: the page
 *   itself says so below 1024 px);
 * - the administrator's dashboard and read-only tracker and plans;
 * - the city's budget reviews (its queue and a review's decision).
 */
const PHONE_READY: readonly RegExp[] = [
  /^\/(home|login|forgot-password|change-password|unauthorized)?$/,
  /^\/disclosure(\/|$)/,
  /^\/kk\/(?!assemblies(\/|$))./,
  /^\/kk$/,
  /^\/dashboard$/,
  /^\/projects$/,
  /^(\/admin)?\/tracker(\/items\/[^/]+)?$/,
  /^\/vouchers$/,
  /^\/procurement$/,
  /^(\/admin)?\/budget-planning(\/\d+)?$/,
  /^\/admin\/dashboard$/,
  /^\/city\/reviews(\/[^/]+)?$/,
];

/** What a narrow screen shows for a path: the page itself, or a note that it needs a wider one. */
export type NarrowScreenDecision = 'phone' | 'wide';

/** The decision for `pathname` (with its `search`) on a screen narrower than 1024 px. */
export function narrowScreenDecision(pathname: string, search = ''): NarrowScreenDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // The page a new barangay administrator sets a first password on, from the e-mailed link.
  if (path === '/city' && new URLSearchParams(search).has('token')) {
    return 'phone';
  }
  return PHONE_READY.some((pattern) => pattern.test(path)) ? 'phone' : 'wide';
}

/** True when the 'needs a wider screen' note replaces `pathname` on a narrow screen. */
export function narrowScreenGateApplies(pathname: string, search = ''): boolean {
  return narrowScreenDecision(pathname, search) === 'wide';
}

// The note and its words (`common`) load only when a phone opens a wide screen.
const WideScreenNeeded = lazy(async () => {
  const [module] = await Promise.all([
    import('./wide-screen-needed.tsx'),
    loadNamespaces(['common']),
  ]);
  return { default: module.WideScreenNeeded };
});

/**
 * On a narrow screen, a note over the screens built for wide tables (they need at least
 * 1024 px) with a way back to the person's home; the others render as they are. A page once
 * shown stays mounted, hidden, while the note covers it: a window narrowed for a moment
 * (resized, zoomed in, a tablet turned) and widened again finds the page as it was left, a
 * picked barangay or a plan's unsaved rows included. A phone that opens a covered page never
 * loads that page.
 */
export function NarrowScreenGate({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { pathname, search } = useLocation();
  const gated = narrow && narrowScreenGateApplies(pathname, search);
  const [shown, setShown] = useState(!gated);
  if (!gated && !shown) {
    setShown(true);
  }
  return (
    <>
      {gated ? (
        <Suspense fallback={null}>
          <WideScreenNeeded />
        </Suspense>
      ) : null}
      {shown ? <Activity mode={gated ? 'hidden' : 'visible'}>{children}</Activity> : null}
    </>
  );
}
