import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';

/** A step of the request: its heading, what was recorded, and its form for whoever may act. */
export function Step({
  name,
  title,
  children,
  error,
}: {
  name: string;
  title: string;
  children: ReactNode;
  error: string | null;
}) {
  return (
    <Box
      component="section"
      aria-label={title}
      data-step={name}
      sx={{ display: 'grid', gap: 1, borderTop: 1, borderColor: 'divider', pt: 1.5 }}
    >
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {children}
    </Box>
  );
}

export const grid = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
};

/** Runs a mutation, says it on success and keeps the refusal under the step. */
export function useStepRun(setError: (e: string | null) => void) {
  const t = useT();
  return (done: string) => ({
    onSuccess: () => {
      setError(null);
      toast.success(t(done));
    },
    onError: (failure: unknown) => setError(errorMessage(failure)),
  });
}
