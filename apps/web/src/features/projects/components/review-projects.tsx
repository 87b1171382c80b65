import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { can } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import type { Project } from '@sk-tanaw/contract';
import type { AuthUser } from '../../../lib/auth/index.ts';
import { useReviewProjects } from '../api/get-review-projects.ts';
import { ListState } from '../../../components/list-state.tsx';
import { lazyComponent, OpenedOnce } from '../../../components/opened-once.tsx';
import { listErrorMessage } from '../lib/messages.ts';
import { HistoryButton } from './history-button.tsx';
import { ProjectsTable } from './projects-table.tsx';
import { useProposalViewers } from './proposal-viewers.tsx';

// The dialogs load when first opened: the list's first load on a phone does without them.
const StatusDialog = lazyComponent(async () => (await import('./status-dialog.tsx')).StatusDialog);

/** SKC: 'Project Review', every proposal of the barangay with Actions. */
export function ReviewProjects({ user }: { user: AuthUser }) {
  const t = useT();
  const projects = useReviewProjects(true);
  const viewers = useProposalViewers();
  const [reviewing, setReviewing] = useState<Project | null>(null);
  const reviewer = can(user, 'project.review');

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('projects.review.title')}
      </Typography>
      <ListState
        error={projects.error}
        errorText={listErrorMessage}
        loading={projects.isPending}
        loadingLabel={t('projects.loading')}
      />
      {projects.data ? (
        <ProjectsTable
          label={t('projects.review.title')}
          projects={projects.data}
          showProposer
          onView={viewers.openFile}
          onRemarks={viewers.openRemarks}
          statusExtras={(project) => (
            <Box sx={{ mt: 0.5 }}>
              <HistoryButton project={project} onOpen={viewers.openHistory} />
            </Box>
          )}
          actions={
            reviewer
              ? (project) => (
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => setReviewing(project)}
                    aria-label={t('projects.review.updateLabel', {
                      reference: project.referenceNumber,
                    })}
                  >
                    {t('projects.review.update')}
                  </Button>
                )
              : undefined
          }
        />
      ) : null}
      <OpenedOnce open={reviewing !== null}>
        <StatusDialog
          project={reviewing}
          reviewerName={user.fullName || user.username}
          onClose={() => setReviewing(null)}
        />
      </OpenedOnce>
      {viewers.dialogs}
    </Box>
  );
}
