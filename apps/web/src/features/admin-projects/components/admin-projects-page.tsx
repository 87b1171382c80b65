import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ADMIN_MESSAGES, type AdminProject } from '@sk-tanaw/contract';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminProjectCells } from '../../../components/admin-project-cells.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FlashMessage, useFlash } from '../../../components/flash-message.tsx';
import { PdfViewerDialog, type PdfSource } from '../../../components/pdf-viewer-dialog.tsx';
import { serverMessageOr } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  getAdminProjectFileUrl,
  useAdminProjects,
  useArchiveProject,
} from '../api/admin-projects.ts';

const HEADERS = [
  'Reference No.',
  'Proposer',
  'Title',
  'Status',
  'Submitted',
  'Reviewed By',
  'Remarks',
  'File',
  'Actions',
];

export function AdminProjectsPage() {
  useDocumentTitle('Project List');
  const projects = useAdminProjects();
  const archive = useArchiveProject();
  const { flash, show, clear } = useFlash();
  const [viewed, setViewed] = useState<PdfSource | null>(null);
  const [archiving, setArchiving] = useState<AdminProject | null>(null);

  if (isAccessError(projects.error)) {
    return <AdminAccessRedirect error={projects.error} />;
  }
  const rows = projects.data?.projects ?? [];

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Project List
      </Typography>
      <FlashMessage flash={flash} onClose={clear} />
      <AdminTable
        label="Projects"
        headers={HEADERS}
        loading={projects.isPending}
        error={projects.error ? serverMessageOr(projects.error, 'Failed to fetch projects.') : null}
        emptyText={ADMIN_MESSAGES.projectsEmpty}
        count={rows.length}
      >
        {rows.map((project) => (
          <TableRow key={project.projectID} hover>
            <AdminProjectCells
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
              onView={setViewed}
              onError={(message) => show('error', message)}
            />
            <TableCell>
              <Button
                size="small"
                color="error"
                onClick={() => setArchiving(project)}
                aria-label={`Archive ${project.referenceNumber}`}
              >
                Archive
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <PdfViewerDialog
        source={viewed}
        onClose={() => setViewed(null)}
        failedMessage={ADMIN_MESSAGES.fileFailed}
      />
      <ConfirmDialog
        open={archiving !== null}
        title="Archive Project"
        confirmLabel="Archive"
        color="error"
        busy={archive.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={() => {
          if (!archiving) {
            return;
          }
          archive.mutate(archiving.projectID, {
            onSuccess: () => show('success', ADMIN_MESSAGES.projectArchived),
            onError: () => show('error', ADMIN_MESSAGES.projectArchiveFailed),
            onSettled: () => setArchiving(null),
          });
        }}
      >
        {archiving
          ? `Archive ${archiving.referenceNumber} "${archiving.title}"? It leaves every project list until it is restored from the Archive page.`
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
