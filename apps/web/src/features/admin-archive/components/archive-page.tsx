import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type Account, type ArchivedProject } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import {
  AdminProjectRow,
  useAdminDocumentViewer,
} from '../../../components/admin-project-cells.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FlashMessage, useFlash } from '../../../components/flash-message.tsx';
import { serverMessageOr } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  getArchivedFileUrl,
  useArchivedAccounts,
  useArchivedProjects,
  useRestoreAccount,
  useRestoreProject,
} from '../api/archive.ts';

type Pending =
  | { kind: 'account'; account: Account }
  | { kind: 'project'; project: ArchivedProject };

export function ArchivePage() {
  const t = useT();
  useDocumentTitle(t('admin.archivePage.title'));
  const [tab, setTab] = useState<'accounts' | 'projects'>('accounts');
  const accounts = useArchivedAccounts();
  const projects = useArchivedProjects();
  const restoreAccount = useRestoreAccount();
  const restoreProject = useRestoreProject();
  const { flash, show, clear } = useFlash();
  const [pending, setPending] = useState<Pending | null>(null);
  const viewer = useAdminDocumentViewer();

  const accessError = accounts.error ?? projects.error;
  if (isAccessError(accessError)) {
    return <AdminAccessRedirect error={accessError} />;
  }
  const accountRows = accounts.data?.data ?? [];
  const projectRows = projects.data?.data ?? [];
  const busy = restoreAccount.isPending || restoreProject.isPending;

  const confirm = () => {
    if (!pending) {
      return;
    }
    if (pending.kind === 'account') {
      restoreAccount.mutate(pending.account.userID, {
        onSuccess: () => show('success', t('admin.archivePage.accountRestored')),
        onError: (error) =>
          show('error', serverMessageOr(error, t('admin.archivePage.restoreAccountFailed'))),
        onSettled: () => setPending(null),
      });
      return;
    }
    restoreProject.mutate(pending.project.projectID, {
      onSuccess: () => show('success', t('admin.archivePage.projectRestored')),
      onError: (error) =>
        show('error', serverMessageOr(error, t('admin.archivePage.restoreProjectFailed'))),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('admin.archivePage.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: 'accounts' | 'projects') => setTab(value)}
        sx={{ mb: 2 }}
      >
        <Tab
          value="accounts"
          label={t('admin.archivePage.accountsTab', { count: accountRows.length })}
        />
        <Tab
          value="projects"
          label={t('admin.archivePage.projectsTab', { count: projectRows.length })}
        />
      </Tabs>
      <FlashMessage flash={flash} onClose={clear} />
      {tab === 'accounts' ? (
        <AdminTable
          label={t('admin.archivePage.accountsTable')}
          headers={[
            t('admin.field.username'),
            t('admin.field.fullName'),
            t('admin.field.email'),
            t('admin.field.role'),
            t('admin.field.archived'),
            t('admin.field.archivedBy'),
            t('admin.field.actions'),
          ]}
          loading={accounts.isPending}
          error={accounts.error ? t('admin.error.fetchUsers') : null}
          emptyText={t('admin.archivePage.noAccounts')}
          count={accountRows.length}
        >
          {accountRows.map((account) => (
            <TableRow key={account.userID} hover>
              <TableCell sx={{ fontWeight: 600 }}>{account.userName}</TableCell>
              <TableCell>{account.fullName}</TableCell>
              <TableCell>{account.emailAddress}</TableCell>
              <TableCell>
                {account.position === ADMIN_MESSAGES.notAssigned
                  ? t('admin.role.notAssigned')
                  : account.position}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {account.archivedAt ? formatDateTime(account.archivedAt) : t('admin.notAvailable')}
              </TableCell>
              <TableCell>{account.archivedBy ?? t('admin.notAvailable')}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setPending({ kind: 'account', account })}
                  aria-label={t('admin.restoreNamed', { name: account.fullName })}
                >
                  {t('admin.restore')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </AdminTable>
      ) : (
        <AdminTable
          label={t('admin.archivePage.projectsTable')}
          headers={[
            t('admin.field.reference'),
            t('admin.field.submittedBy'),
            t('admin.field.title'),
            t('admin.field.status'),
            t('admin.field.submitted'),
            t('admin.field.reviewedBy'),
            t('admin.field.remarks'),
            t('admin.field.file'),
            t('admin.field.actions'),
          ]}
          loading={projects.isPending}
          error={
            projects.error
              ? serverMessageOr(projects.error, t('admin.archivePage.fetchProjectsFailed'))
              : null
          }
          emptyText={t('admin.archivePage.noProjects')}
          count={projectRows.length}
        >
          {projectRows.map((project) => (
            <AdminProjectRow
              key={project.projectID}
              reference={project.reference_number}
              proposer={project.submittedBy}
              title={project.title}
              status={project.statusName}
              submittedDate={project.submittedDate}
              reviewedBy={project.reviewedBy}
              remarks={project.remarks}
              fileName={project.file_name}
              fileType={project.file_type}
              signedUrl={() => getArchivedFileUrl(project.projectID)}
              onView={viewer.open}
              onError={(message) => show('error', message)}
              action={
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setPending({ kind: 'project', project })}
                  aria-label={t('admin.restoreNamed', { name: project.reference_number })}
                >
                  {t('admin.restore')}
                </Button>
              }
            />
          ))}
        </AdminTable>
      )}
      {viewer.dialog}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'project'
            ? t('admin.archivePage.restoreProject')
            : t('admin.archivePage.restoreAccount')
        }
        confirmLabel={t('admin.restore')}
        color="success"
        busy={busy}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        {pending?.kind === 'account'
          ? t('admin.archivePage.restoreAccountQuestion', {
              name: pending.account.fullName,
              username: pending.account.userName,
            })
          : pending?.kind === 'project'
            ? t('admin.archivePage.restoreProjectQuestion', {
                reference: pending.project.reference_number,
                title: pending.project.title,
              })
            : ''}
      </ConfirmDialog>
    </Box>
  );
}
