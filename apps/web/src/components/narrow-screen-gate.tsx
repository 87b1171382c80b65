import { Activity, useState, type ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocation } from 'react-router-dom';
import { NARROW_SCREEN_BREAKPOINT_PX } from '@sk-tanaw/contract';
import { ComingSoon } from './coming-soon.tsx';

/** Media query matching screens narrower than the 1024 px breakpoint. */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_BREAKPOINT_PX - 0.02}px)`;

/**
 * Pages made for phones, which the 'Coming Soon' page never covers: the public disclosure board,
 * the KK self-profiling form (`/kk/:barangayCode`; the officers' `/kk` and `/kk/assemblies` are
 * not), and the page a new barangay administrator sets a first password on from the e-mailed
 * link (`/city?token=...`), which is often opened on a phone.
 */
const PHONE_READY = /^\/(disclosure(\/|$)|kk\/(?!assemblies(\/|$)).)/;

/** True when the 'Coming Soon' page replaces `pathname` (with its `search`) on a narrow screen. */
export function narrowScreenGateApplies(pathname: string, search = ''): boolean {
  if (pathname === '/city' && new URLSearchParams(search).has('token')) {
    return false;
  }
  return !PHONE_READY.test(pathname);
}

/**
 * 'Coming Soon' over the pages not made for phones. A page once shown stays mounted, hidden,
 * while the gate covers it: a window narrowed for a moment (resized, zoomed in, a tablet turned,
 * a browser laying the page out beyond its viewport) and widened again finds the page as it was
 * left, a picked barangay or a plan's unsaved rows included, instead of a page loaded afresh. A
 * phone that opens a covered page never loads that page.
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
      {gated ? <ComingSoon /> : null}
      {shown ? <Activity mode={gated ? 'hidden' : 'visible'}>{children}</Activity> : null}
    </>
  );
}
