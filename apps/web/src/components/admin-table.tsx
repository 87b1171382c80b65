import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useT } from '../i18n/index.ts';

/** A table with its loading, error and empty states. */
export function AdminTable({
  label,
  headers,
  loading,
  error,
  emptyText,
  count,
  children,
}: {
  label: string;
  headers: string[];
  loading: boolean;
  error: string | null;
  emptyText: string;
  count: number;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      ) : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {headers.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {loading ? (
              <TableRow>
                <TableCell colSpan={headers.length}>
                  <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                    <CircularProgress
                      aria-label={t('common.table.loading', { label: label.toLowerCase() })}
                    />
                  </Box>
                </TableCell>
              </TableRow>
            ) : null}
            {!loading && !error && count === 0 ? (
              <TableRow>
                <TableCell colSpan={headers.length} align="center" sx={{ py: 4 }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : null}
            {children}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
