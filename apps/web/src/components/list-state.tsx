import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export interface ListStateProps {
  /** The query's error, if any; `errorText` turns it into the feature's words. */
  error: unknown;
  errorText: (error: unknown) => string;
  loading: boolean;
  /** Names the spinner for screen readers, e.g. 'Loading projects'. */
  loadingLabel: string;
  /** When set, `emptyText` shows once the list has loaded without error and has no rows. */
  empty?: boolean;
  emptyText?: string;
}

/**
 * The loading, error and empty states a list shows above (or instead of) its rows, the same way
 * on every screen. Lists that show their empty text inside the table leave `empty` unset.
 */
export function ListState({
  error,
  errorText,
  loading,
  loadingLabel,
  empty = false,
  emptyText,
}: ListStateProps) {
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorText(error)}
        </Alert>
      ) : null}
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={loadingLabel} />
        </Box>
      ) : null}
      {!loading && !error && empty && emptyText ? (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : null}
    </>
  );
}
