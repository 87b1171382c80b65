import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SessionLogQuery } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSessionLogs } from '../api/logs.ts';
import { pageCount } from '../lib/page-count.ts';
import { LogFilters, useLogFilters } from './log-filters.tsx';

const NO_FILTER = { search: '', startDate: '', endDate: '' };

export function SessionsPage() {
  const t = useT();
  useDocumentTitle(t('admin.sessions.title'));
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
        {t('admin.sessions.title')}
      </Typography>
      <LogFilters {...bar}>
        <TextField
          label={t('admin.sessions.search')}
          size="small"
          placeholder={t('admin.sessions.searchPlaceholder')}
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </LogFilters>
      <AdminTable
        label={t('admin.sessions.table')}
        headers={[
          t('admin.field.username'),
          t('admin.field.fullName'),
          t('admin.sessions.loggedIn'),
          t('admin.sessions.loggedOut'),
        ]}
        loading={logs.isPending}
        error={logs.error ? t('admin.sessions.failed') : null}
        emptyText={t('admin.sessions.empty')}
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
                <Chip size="small" color="success" label={t('admin.sessions.active')} />
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
