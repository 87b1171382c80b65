import type { ReactNode } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_BREAKPOINT_PX } from '@sk-tanaw/contract';
import { ComingSoon } from './coming-soon.tsx';

/** Media query matching screens narrower than the 1024 px breakpoint. */
export const NARROW_SCREEN_QUERY = `(max-width: ${NARROW_SCREEN_BREAKPOINT_PX - 0.02}px)`;

export function NarrowScreenGate({ children }: { children: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  return narrow ? <ComingSoon /> : children;
}
