import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useScrollReveal } from '../hooks/use-scroll-reveal.ts';

/** Fades its content in when it scrolls into view. */
export function Reveal({ children, delayMs = 0 }: { children: ReactNode; delayMs?: number }) {
  const { ref, revealed } = useScrollReveal<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      data-revealed={revealed}
      sx={{
        height: '100%',
        opacity: revealed ? 1 : 0,
        transform: revealed ? 'none' : 'translateY(28px)',
        transition: `opacity 600ms ease ${delayMs}ms, transform 600ms ease ${delayMs}ms`,
      }}
    >
      {children}
    </Box>
  );
}
