import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A wide table's horizontal scroller. It is focusable and named, so keyboard users can scroll
 * it too (axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        // Holds absolutely positioned descendants (visually hidden text) inside the scroller,
        // so they cannot widen the page.
        position: 'relative',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {children}
    </Box>
  );
}
