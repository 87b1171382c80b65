import type { ReactNode } from 'react';
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

export function NarrowScreenGate({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { pathname, search } = useLocation();
  return narrow && narrowScreenGateApplies(pathname, search) ? <ComingSoon /> : children;
}
