import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A titled part of a page: a section named by its h2 (`<id>-title`); `action` (a filter, a link)
 * stands at the right of the title, below it on a narrow screen.
 */
export function TitledSection({
  id,
  title,
  action,
  sx = {},
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  /** Added to the section's padding (and its leave to shrink, in a grid, below its content). */
  sx?: Exclude<SxProps<Theme>, readonly unknown[]>;
  children: ReactNode;
}) {
  const heading = (
    <Typography
      id={`${id}-title`}
      variant="h6"
      component="h2"
      sx={action === undefined ? { mb: 2 } : undefined}
    >
      {title}
    </Typography>
  );
  return (
    <Paper component="section" aria-labelledby={`${id}-title`} sx={[{ p: 3, minWidth: 0 }, sx]}>
      {action === undefined ? (
        heading
      ) : (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 2,
            flexWrap: 'wrap',
          }}
        >
          {heading}
          {action}
        </Box>
      )}
      {children}
    </Paper>
  );
}
