import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { Project } from '@sk-tanaw/contract';
import { useProjectHistory } from '../api/get-project-history.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { listErrorMessage } from '../lib/messages.ts';
import { projectStatusLabel } from '../lib/status-label.ts';
import { useT } from '../../../i18n/index.ts';
import { FileButton } from './file-cell.tsx';
import type { ViewedFile } from './pdf-viewer-dialog.tsx';
import { CloseActions } from './close-actions.tsx';

/** The status timeline of one proposal (who, when, remarks) and all its document versions. */
export function HistoryDialog({
  project,
  onClose,
  onView,
}: {
  project: Project | null;
  onClose: () => void;
  onView: (file: ViewedFile) => void;
}) {
  const t = useT();
  const history = useProjectHistory(project?.id ?? null);
  return (
    <Dialog
      open={project !== null}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="history-title"
    >
      <DialogTitle id="history-title">
        {t('projects.history.title', {
          reference: project?.referenceNumber ?? '',
          title: project?.title ?? '',
        })}
      </DialogTitle>
      <DialogContent dividers>
        {history.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('projects.history.loading')} />
          </Box>
        ) : null}
        {history.isError ? <Alert severity="error">{listErrorMessage(history.error)}</Alert> : null}
        {history.data ? (
          <>
            <Stepper
              orientation="vertical"
              nonLinear
              activeStep={-1}
              aria-label={t('projects.history.timeline')}
            >
              {[...history.data.history].reverse().map((entry) => (
                <Step key={entry.id} active expanded completed={false}>
                  <StepLabel>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {projectStatusLabel(t, entry.toStatus)}
                    </Typography>
                    {entry.fromStatus ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {' '}
                        {t('projects.history.from', {
                          status: projectStatusLabel(t, entry.fromStatus),
                        })}
                      </Typography>
                    ) : null}
                  </StepLabel>
                  <StepContent>
                    <Typography variant="body2" color="text.secondary">
                      {entry.changedBy} · {formatDateTime(entry.changedAt)}
                    </Typography>
                    {entry.remarks ? (
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                        {entry.remarks}
                      </Typography>
                    ) : null}
                  </StepContent>
                </Step>
              ))}
            </Stepper>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('projects.history.documents')}
            </Typography>
            {history.data.documents.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {t('projects.history.noDocuments')}
              </Typography>
            ) : (
              <List dense aria-label={t('projects.history.versions')}>
                {history.data.documents.map((doc) => (
                  <ListItem key={doc.version} sx={{ display: 'block' }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {t('projects.history.version', {
                        version: doc.version,
                        size: formatBytes(doc.sizeBytes),
                        by: doc.uploadedBy,
                        at: formatDateTime(doc.uploadedAt),
                      })}
                    </Typography>
                    <FileButton file={doc} onView={onView} />
                    {doc.notes ? (
                      <Typography variant="body2" color="text.secondary">
                        {t('projects.history.notes', { notes: doc.notes })}
                      </Typography>
                    ) : null}
                  </ListItem>
                ))}
              </List>
            )}
          </>
        ) : null}
      </DialogContent>
      <CloseActions onClose={onClose} />
    </Dialog>
  );
}
