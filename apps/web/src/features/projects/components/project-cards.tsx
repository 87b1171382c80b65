import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/index.ts';
import { FileButton } from './file-cell.tsx';
import type { ProjectsTableProps } from './projects-table.tsx';
import { StatusChip } from './status-chip.tsx';

/**
 * The proposals on a phone: one card each, stacked, with what the table's row shows (reference,
 * title, proposer, description, status with its history, reviewer, remarks, file, the chair's
 * action), the buttons a thumb's height.
 */
export function ProjectCards(props: ProjectsTableProps) {
  const t = useT();
  const { projects, showProposer, actions, statusExtras } = props;
  return (
    <Box
      component="ul"
      aria-label={props.label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
    >
      {projects.length === 0 ? (
        <Typography component="li" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('projects.table.empty')}
        </Typography>
      ) : null}
      {projects.map((project) => (
        <Paper
          component="li"
          key={project.id}
          variant="outlined"
          aria-label={`${project.referenceNumber} ${project.title}`}
          sx={{ p: 2, '& .MuiButton-root': { minHeight: 44 } }}
        >
          <Typography variant="body2" sx={{ fontFamily: 'monospace' }} color="text.secondary">
            {project.referenceNumber}
          </Typography>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
            {project.title}
          </Typography>
          {showProposer && project.proposerName ? (
            <Typography variant="body2" color="text.secondary">
              {t('projects.table.proposedBy')}: {project.proposerName}
            </Typography>
          ) : null}
          <Typography variant="body2" sx={{ my: 1, overflowWrap: 'anywhere' }}>
            {project.description}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <StatusChip status={project.status} />
            <Typography variant="body2" color="text.secondary">
              {t('projects.table.reviewedBy')}:{' '}
              {project.reviewedBy || t('projects.reviewedByDefault')}
            </Typography>
          </Box>
          {statusExtras ? statusExtras(project) : null}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
            <Button
              size="small"
              sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start' }}
              onClick={() =>
                props.onRemarks({ remarks: project.remarks, reviewedBy: project.reviewedBy })
              }
              aria-label={t('projects.table.remarksLabel', { reference: project.referenceNumber })}
            >
              {project.remarks || t('projects.table.noRemarks')}
            </Button>
            <FileButton file={project} onView={props.onView} compact />
          </Box>
          {actions ? (
            <Box sx={{ mt: 1, '& .MuiButton-root': { width: '100%' } }}>{actions(project)}</Box>
          ) : null}
        </Paper>
      ))}
    </Box>
  );
}
