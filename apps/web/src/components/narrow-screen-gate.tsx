import type { ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocation } from 'react-router-dom';
import { NARROW_SCREEN_BREAKPOINT_PX } from '@sk-tanaw/contract';
import { ComingSoon } from './coming-soon.tsx';

/** Media query matching screens narrower than the 1024 px breakpoint. */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_BREAKPOINT_PX - 0.02}px)`;

/**
 * Pages made for phones, which the 'Coming Soon' page never covers: the public disclosure board
 * and the KK self-profiling form (`/kk/:barangayCode`; the officers' `/kk` is not one).
 */
const PHONE_READY = /^\/(disclosure(\/|$)|kk\/.)/;

/** True when the 'Coming Soon' page replaces `pathname` on a narrow screen. */
export function narrowScreenGateApplies(pathname: string): boolean {
  return !PHONE_READY.test(pathname);
}

export function NarrowScreenGate({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { pathname } = useLocation();
  return narrow && narrowScreenGateApplies(pathname) ? <ComingSoon /> : children;
}
