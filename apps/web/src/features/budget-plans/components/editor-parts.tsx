import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A titled part of the editor (receipts, lines, honoraria...), an anchor target by `id`. */
export function EditorSection({
  id,
  title,
  children,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}
      id={id}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          mb: 2,
          gap: 2,
        }}
      >
        <Typography id={`${id}-title`} variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}

/** One figure of the sticky summary bar (`summary-<id>` for tests). */
export function SummaryFigure({
  id,
  label,
  value,
  tone,
}: {
  id: string;
  label: string;
  value: string;
  tone?: 'error';
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 12, color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
      <Typography
        data-testid={`summary-${id}`}
        sx={{
          fontWeight: 800,
          fontSize: 14,
          whiteSpace: 'nowrap',
          color: tone === 'error' ? 'error.dark' : 'text.primary',
        }}
      >
        {value}
      </Typography>
    </Box>
  );
}
