import type { ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLocation } from 'react-router-dom';
import { NARROW_SCREEN_BREAKPOINT_PX } from '@sk-tanaw/contract';
import { ComingSoon } from './coming-soon.tsx';

/** Media query matching screens narrower than the 1024 px breakpoint. */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_BREAKPOINT_PX - 0.02}px)`;

/** The public disclosure board is read mostly on phones: the 'Coming Soon' page never covers it. */
const PHONE_READY_PATH = '/disclosure';

/** True when the 'Coming Soon' page replaces `pathname` on a narrow screen. */
export function narrowScreenGateApplies(pathname: string): boolean {
  return pathname !== PHONE_READY_PATH && !pathname.startsWith(`${PHONE_READY_PATH}/`);
}

export function NarrowScreenGate({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { pathname } = useLocation();
  return narrow && narrowScreenGateApplies(pathname) ? <ComingSoon /> : children;
}
