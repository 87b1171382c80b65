import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type Account, type ArchivedProject } from '@sk-tanaw/contract';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminProjectCells } from '../../../components/admin-project-cells.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FlashMessage, useFlash } from '../../../components/flash-message.tsx';
import { PdfViewerDialog, type PdfSource } from '../../../components/pdf-viewer-dialog.tsx';
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
  useDocumentTitle('Archive Management');
  const [tab, setTab] = useState<'accounts' | 'projects'>('accounts');
  const accounts = useArchivedAccounts();
  const projects = useArchivedProjects();
  const restoreAccount = useRestoreAccount();
  const restoreProject = useRestoreProject();
  const { flash, show, clear } = useFlash();
  const [pending, setPending] = useState<Pending | null>(null);
  const [viewed, setViewed] = useState<PdfSource | null>(null);

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
        onSuccess: () => show('success', ADMIN_MESSAGES.accountRestored),
        onError: (error) =>
          show('error', serverMessageOr(error, ADMIN_MESSAGES.restoreAccountFailed)),
        onSettled: () => setPending(null),
      });
      return;
    }
    restoreProject.mutate(pending.project.projectID, {
      onSuccess: () => show('success', ADMIN_MESSAGES.projectRestored),
      onError: (error) =>
        show('error', serverMessageOr(error, ADMIN_MESSAGES.restoreProjectFailed)),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        Archive Management
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: 'accounts' | 'projects') => setTab(value)}
        sx={{ mb: 2 }}
      >
        <Tab value="accounts" label={`Archived Accounts (${accountRows.length})`} />
        <Tab value="projects" label={`Archived Projects (${projectRows.length})`} />
      </Tabs>
      <FlashMessage flash={flash} onClose={clear} />
      {tab === 'accounts' ? (
        <AdminTable
          label="Archived accounts"
          headers={[
            'Username',
            'Full Name',
            'Email Address',
            'Role',
            'Archived',
            'Archived By',
            'Actions',
          ]}
          loading={accounts.isPending}
          error={accounts.error ? ADMIN_MESSAGES.fetchUsersFailed : null}
          emptyText="No archived accounts."
          count={accountRows.length}
        >
          {accountRows.map((account) => (
            <TableRow key={account.userID} hover>
              <TableCell sx={{ fontWeight: 600 }}>{account.userName}</TableCell>
              <TableCell>{account.fullName}</TableCell>
              <TableCell>{account.emailAddress}</TableCell>
              <TableCell>{account.position}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {account.archivedAt
                  ? formatDateTime(account.archivedAt)
                  : ADMIN_MESSAGES.notAvailable}
              </TableCell>
              <TableCell>{account.archivedBy ?? ADMIN_MESSAGES.notAvailable}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setPending({ kind: 'account', account })}
                  aria-label={`Restore ${account.fullName}`}
                >
                  Restore
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </AdminTable>
      ) : (
        <AdminTable
          label="Archived projects"
          headers={[
            'Reference No.',
            'Submitted By',
            'Title',
            'Status',
            'Submitted',
            'Reviewed By',
            'Remarks',
            'File',
            'Actions',
          ]}
          loading={projects.isPending}
          error={
            projects.error
              ? serverMessageOr(projects.error, 'Failed to fetch archived projects.')
              : null
          }
          emptyText="No archived projects."
          count={projectRows.length}
        >
          {projectRows.map((project) => (
            <TableRow key={project.projectID} hover>
              <AdminProjectCells
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
                onView={setViewed}
                onError={(message) => show('error', message)}
              />
              <TableCell>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => setPending({ kind: 'project', project })}
                  aria-label={`Restore ${project.reference_number}`}
                >
                  Restore
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </AdminTable>
      )}
      <PdfViewerDialog
        source={viewed}
        onClose={() => setViewed(null)}
        failedMessage={ADMIN_MESSAGES.fileFailed}
      />
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'project' ? 'Restore Project' : 'Restore Account'}
        confirmLabel="Restore"
        color="success"
        busy={busy}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      >
        {pending?.kind === 'account'
          ? `Restore ${pending.account.fullName} (${pending.account.userName})? They can sign in again with their role unchanged.`
          : pending?.kind === 'project'
            ? `Restore ${pending.project.reference_number} "${pending.project.title}"? It returns to the project lists with its history and documents.`
            : ''}
      </ConfirmDialog>
    </Box>
  );
}
