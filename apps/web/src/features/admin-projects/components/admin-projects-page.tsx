import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { AdminProject } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import {
  AdminProjectRow,
  useAdminDocumentViewer,
} from '../../../components/admin-project-cells.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { ArchiveConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FlashMessage, useFlash } from '../../../components/flash-message.tsx';
import { serverMessageOr } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  getAdminProjectFileUrl,
  useAdminProjects,
  useArchiveProject,
} from '../api/admin-projects.ts';

const HEADERS = [
  { labelKey: 'admin.field.reference' },
  { labelKey: 'admin.field.proposer' },
  { labelKey: 'admin.field.title' },
  { labelKey: 'admin.field.status' },
  { labelKey: 'admin.field.submitted' },
  { labelKey: 'admin.field.reviewedBy' },
  { labelKey: 'admin.field.remarks' },
  { labelKey: 'admin.field.file' },
  { labelKey: 'admin.field.actions' },
];

export function AdminProjectsPage() {
  const t = useT();
  useDocumentTitle(t('admin.projects.title'));
  const projects = useAdminProjects();
  const archive = useArchiveProject();
  const { flash, show, clear } = useFlash();
  const viewer = useAdminDocumentViewer();
  const [archiving, setArchiving] = useState<AdminProject | null>(null);

  if (isAccessError(projects.error)) {
    return <AdminAccessRedirect error={projects.error} />;
  }
  const rows = projects.data?.projects ?? [];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('admin.projects.title')}
      </Typography>
      <FlashMessage flash={flash} onClose={clear} />
      <AdminTable
        label={t('admin.projects.table')}
        headers={HEADERS.map((h) => t(h.labelKey))}
        loading={projects.isPending}
        error={
          projects.error ? serverMessageOr(projects.error, t('admin.projects.fetchFailed')) : null
        }
        emptyText={t('admin.projects.empty')}
        count={rows.length}
      >
        {rows.map((project) => (
          <AdminProjectRow
            key={project.projectID}
            reference={project.referenceNumber}
            proposer={project.proposerName}
            title={project.title}
            status={project.status}
            submittedDate={project.submittedDate}
            reviewedBy={project.reviewedBy}
            remarks={project.remarks}
            fileName={project.fileName}
            fileType={project.fileType}
            signedUrl={() => getAdminProjectFileUrl(project.projectID)}
            onView={viewer.open}
            onError={(message) => show('error', message)}
            action={
              <Button
                size="small"
                color="error"
                onClick={() => setArchiving(project)}
                aria-label={t('admin.archiveNamed', { name: project.referenceNumber })}
              >
                {t('admin.archive')}
              </Button>
            }
          />
        ))}
      </AdminTable>
      {viewer.dialog}
      <ArchiveConfirmDialog
        target={archiving}
        title={t('admin.projects.archiveTitle')}
        busy={archive.isPending}
        onClose={() => setArchiving(null)}
        onArchive={(project) => {
          archive.mutate(project.projectID, {
            onSuccess: () => show('success', t('admin.projects.archived')),
            onError: () => show('error', t('admin.projects.archiveFailed')),
            onSettled: () => setArchiving(null),
          });
        }}
      >
        {archiving
          ? t('admin.projects.archiveQuestion', {
              reference: archiving.referenceNumber,
              title: archiving.title,
            })
          : ''}
      </ArchiveConfirmDialog>
    </Box>
  );
}
