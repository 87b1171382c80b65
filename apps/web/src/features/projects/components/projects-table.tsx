import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { useT } from '../../../i18n/index.ts';
import type { Project } from '@sk-tanaw/contract';
import { FileButton } from './file-cell.tsx';
import { ProjectCards } from './project-cards.tsx';
import type { ViewedFile } from './pdf-viewer-dialog.tsx';
import type { RemarksView } from './remarks-dialog.tsx';
import { StatusChip } from './status-chip.tsx';

export interface ProjectsTableProps {
  label: string;
  projects: Project[];
  showProposer: boolean;
  onView: (file: ViewedFile) => void;
  onRemarks: (view: RemarksView) => void;
  /** Extra things in the status cell (history; the official's resubmit). */
  statusExtras?: (project: Project) => ReactNode;
  /** The chair's Actions column. */
  actions?: (project: Project) => ReactNode;
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** The proposals as a table; on a phone (below 1024 px), as stacked cards. */
export function ProjectsTable(props: ProjectsTableProps) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const { projects, showProposer, actions, statusExtras } = props;
  if (narrow) {
    return <ProjectCards {...props} />;
  }
  const columns = 7 + (showProposer ? 1 : 0) + (actions ? 1 : 0);
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={props.label} sx={{ '& .MuiTableCell-root': { px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('projects.table.reference')}</TableCell>
            <TableCell>{t('projects.table.title')}</TableCell>
            {showProposer ? <TableCell>{t('projects.table.proposedBy')}</TableCell> : null}
            <TableCell>{t('projects.table.description')}</TableCell>
            <TableCell>{t('projects.table.status')}</TableCell>
            <TableCell>{t('projects.table.reviewedBy')}</TableCell>
            <TableCell>{t('projects.table.remarks')}</TableCell>
            <TableCell>{t('projects.table.file')}</TableCell>
            {actions ? <TableCell>{t('projects.table.actions')}</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {projects.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns} align="center" sx={{ py: 4 }}>
                {t('projects.table.empty')}
              </TableCell>
            </TableRow>
          ) : null}
          {projects.map((project) => (
            <TableRow key={project.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.8rem' }}>
                {project.referenceNumber}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, minWidth: 110 }}>{project.title}</TableCell>
              {showProposer ? <TableCell>{project.proposerName ?? ''}</TableCell> : null}
              <TableCell sx={{ minWidth: 120, maxWidth: 160 }} title={project.description}>
                <Typography variant="body2">{clip(project.description, 70)}</Typography>
              </TableCell>
              <TableCell>
                <StatusChip status={project.status} />
                {statusExtras ? statusExtras(project) : null}
              </TableCell>
              <TableCell>{project.reviewedBy || t('projects.reviewedByDefault')}</TableCell>
              <TableCell sx={{ maxWidth: 130 }}>
                <Button
                  size="small"
                  sx={{ textTransform: 'none', textAlign: 'left', justifyContent: 'flex-start' }}
                  onClick={() =>
                    props.onRemarks({ remarks: project.remarks, reviewedBy: project.reviewedBy })
                  }
                  aria-label={t('projects.table.remarksLabel', {
                    reference: project.referenceNumber,
                  })}
                >
                  {project.remarks ? clip(project.remarks, 50) : t('projects.table.noRemarks')}
                </Button>
              </TableCell>
              <TableCell>
                <FileButton file={project} onView={props.onView} compact />
              </TableCell>
              {actions ? (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions(project)}</TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
