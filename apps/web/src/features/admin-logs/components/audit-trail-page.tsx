import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditQuery } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuditModules, useAuditTrail } from '../api/logs.ts';
import { auditValueLines } from '../lib/audit-value.ts';
import { pageCount } from '../lib/page-count.ts';
import { LogFilters, useLogFilters } from './log-filters.tsx';

const NO_FILTER = { module: '', user: '', startDate: '', endDate: '' };
const ALL_MODULES = '__all__';

function AuditValue({ raw }: { raw: string | null }) {
  const t = useT();
  const lines = auditValueLines(raw);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('admin.notAvailable')}
      </Typography>
    );
  }
  return (
    <Box sx={{ maxWidth: 260, maxHeight: 120, overflow: 'auto' }}>
      {lines.map((line, i) => (
        <Typography key={i} variant="body2" sx={{ fontSize: '0.8rem', wordBreak: 'break-word' }}>
          {line}
        </Typography>
      ))}
    </Box>
  );
}

export function AuditTrailPage() {
  const t = useT();
  useDocumentTitle(t('admin.audit.title'));
  const { draft, setDraft, applied, page, setPage, pageSize, setPageSize, bar } = useLogFilters(
    NO_FILTER,
    50,
  );
  const query: AuditQuery = { ...applied, page: page + 1, pageSize };
  const audit = useAuditTrail(query);
  const modules = useAuditModules();

  if (isAccessError(audit.error)) {
    return <AdminAccessRedirect error={audit.error} />;
  }
  const rows = audit.data?.rows ?? [];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('admin.audit.title')}
      </Typography>
      <LogFilters {...bar}>
        <TextField
          select
          label={t('admin.audit.module')}
          size="small"
          sx={{ minWidth: 180 }}
          value={draft.module === '' ? ALL_MODULES : draft.module}
          onChange={(e) =>
            setDraft({ ...draft, module: e.target.value === ALL_MODULES ? '' : e.target.value })
          }
        >
          <MenuItem value={ALL_MODULES}>{t('admin.audit.allModules')}</MenuItem>
          {(modules.data?.modules ?? []).map((m) => (
            <MenuItem key={m} value={m}>
              {m}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('admin.field.username')}
          size="small"
          value={draft.user}
          onChange={(e) => setDraft({ ...draft, user: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </LogFilters>
      <AdminTable
        label={t('admin.audit.table')}
        headers={[
          t('admin.audit.id'),
          t('admin.field.username'),
          t('admin.audit.module'),
          t('admin.audit.action'),
          t('admin.audit.description'),
          t('admin.audit.oldValue'),
          t('admin.audit.newValue'),
          t('admin.audit.timestamp'),
        ]}
        loading={audit.isPending}
        error={audit.error ? t('admin.audit.failed', { reason: errorMessage(audit.error) }) : null}
        emptyText={t('admin.audit.empty')}
        count={rows.length}
      >
        {rows.map((entry) => (
          <TableRow key={entry.auditID} hover sx={{ verticalAlign: 'top' }}>
            <TableCell>{entry.auditID}</TableCell>
            <TableCell>{entry.username || t('admin.notAvailable')}</TableCell>
            <TableCell>{entry.moduleName}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.78rem' }}>
              {entry.actions}
            </TableCell>
            <TableCell sx={{ maxWidth: 280 }}>{entry.descriptions}</TableCell>
            <TableCell>
              <AuditValue raw={entry.old_value} />
            </TableCell>
            <TableCell>
              <AuditValue raw={entry.new_value} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <TablePagination
        component="div"
        count={pageCount(page, pageSize, audit.data)}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[25, 50, 100, 200]}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Box>
  );
}
