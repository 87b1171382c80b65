import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type SessionLogQuery } from '@sk-tanaw/contract';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSessionLogs } from '../api/logs.ts';
import { pageCount } from '../lib/page-count.ts';
import { LogFilters, useLogFilters } from './log-filters.tsx';

const NO_FILTER = { search: '', startDate: '', endDate: '' };

export function SessionsPage() {
  useDocumentTitle('Session Logs');
  const { draft, setDraft, applied, page, setPage, pageSize, setPageSize, bar } = useLogFilters(
    NO_FILTER,
    25,
  );
  const query: SessionLogQuery = { ...applied, page: page + 1, pageSize };
  const logs = useSessionLogs(query);

  if (isAccessError(logs.error)) {
    return <AdminAccessRedirect error={logs.error} />;
  }
  const rows = logs.data?.rows ?? [];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Session Logs
      </Typography>
      <LogFilters {...bar}>
        <TextField
          label="Search"
          size="small"
          placeholder="Username or full name"
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </LogFilters>
      <AdminTable
        label="Session logs"
        headers={['Username', 'Full Name', 'Logged In', 'Logged Out']}
        loading={logs.isPending}
        error={logs.error ? ADMIN_MESSAGES.sessionsFailed : null}
        emptyText="No session logs found."
        count={rows.length}
      >
        {rows.map((entry) => (
          <TableRow key={entry.sessionID} hover>
            <TableCell sx={{ fontWeight: 600 }}>{entry.userName}</TableCell>
            <TableCell>{entry.fullName}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {entry.expires_at ? (
                formatDateTime(entry.expires_at)
              ) : (
                <Chip size="small" color="success" label="Active" />
              )}
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <TablePagination
        component="div"
        count={pageCount(page, pageSize, logs.data)}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[25, 50, 100]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}
