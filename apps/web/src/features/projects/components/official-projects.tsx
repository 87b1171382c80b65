import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import Add from '@mui/icons-material/Add';
import { can, canResubmit } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import type { Project } from '@sk-tanaw/contract';
import type { AuthUser } from '../../../lib/auth/index.ts';
import { useUserProjects } from '../api/get-user-projects.ts';
import { ListState } from '../../../components/list-state.tsx';
import { lazyComponent, OpenedOnce } from '../../../components/opened-once.tsx';
import { listErrorMessage } from '../lib/messages.ts';
import { HistoryButton } from './history-button.tsx';
import { ProjectsTable } from './projects-table.tsx';
import { useProposalViewers } from './proposal-viewers.tsx';

// The dialogs load when first opened: the list's first load on a phone does without them.
const ProposeDialog = lazyComponent(
  async () => (await import('./propose-dialog.tsx')).ProposeDialog,
);
const ResubmitDialog = lazyComponent(
  async () => (await import('./resubmit-dialog.tsx')).ResubmitDialog,
);

/** SKO: 'Proposed Project Submissions', their own proposals with the propose button. */
export function OfficialProjects({ user }: { user: AuthUser }) {
  const t = useT();
  const userId = user.id ? user.id : null;
  const projects = useUserProjects(userId, true);
  const [proposing, setProposing] = useState(false);
  const viewers = useProposalViewers();
  const [resubmitting, setResubmitting] = useState<Project | null>(null);
  // On a phone the propose button sits at the bottom of the screen, within the thumb's reach.
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });

  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
        <Typography variant="h4" component="h1">
          {t('projects.official.title')}
        </Typography>
        {user.role !== 'MA' && userId !== null ? (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setProposing(true)}
            size={narrow ? 'large' : undefined}
            sx={
              narrow
                ? { position: 'fixed', left: 16, right: 16, bottom: 16, zIndex: 2, minHeight: 52 }
                : undefined
            }
          >
            {t('projects.official.propose')}
          </Button>
        ) : null}
      </Stack>
      {userId === null ? (
        <Alert severity="error">{t('projects.official.userIdMissing')}</Alert>
      ) : null}
      <ListState
        error={projects.error}
        errorText={listErrorMessage}
        loading={projects.isPending && userId !== null}
        loadingLabel={t('projects.loading')}
      />
      {projects.data ? (
        <ProjectsTable
          label={t('projects.official.title')}
          projects={projects.data}
          showProposer={false}
          onView={viewers.openFile}
          onRemarks={viewers.openRemarks}
          statusExtras={(project) => (
            <Box sx={{ mt: 0.5, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              <HistoryButton project={project} onOpen={viewers.openHistory} />
              {canResubmit(project.status) &&
              can(user, 'project.resubmit', { ownerId: project.proposerId }) ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="warning"
                  onClick={() => setResubmitting(project)}
                  aria-label={t('projects.resubmit.buttonLabel', {
                    reference: project.referenceNumber,
                  })}
                >
                  {t('projects.resubmit.button')}
                </Button>
              ) : null}
            </Box>
          )}
        />
      ) : null}
      {userId !== null ? (
        <OpenedOnce open={proposing}>
          <ProposeDialog open={proposing} userId={userId} onClose={() => setProposing(false)} />
        </OpenedOnce>
      ) : null}
      <OpenedOnce open={resubmitting !== null}>
        <ResubmitDialog project={resubmitting} onClose={() => setResubmitting(null)} />
      </OpenedOnce>
      {viewers.dialogs}
    </Box>
  );
}
