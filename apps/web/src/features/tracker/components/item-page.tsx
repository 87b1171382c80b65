import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { can, formatPlanPeso, type PlanProgram, type TrackerItem } from '@sk-tanaw/contract';
import { TrackerStatusChip } from '../../../components/tracker-status-chip.tsx';
import { UtilisationBar } from '../../../components/utilisation-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { periodText } from '../../../lib/plan-labels.ts';
import { centreLabel } from '../../../lib/tracker-labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useTrackerItem } from '../api/get-tracker-item.ts';
import { trackerBasePath } from '../lib/paths.ts';
import { CheckpointsSection } from './checkpoints-section.tsx';
import { EvidenceSection } from './evidence-section.tsx';
import { ProgressForm } from './progress-form.tsx';
import { SpendingSection } from './spending-section.tsx';

/** The sections' padding: narrower on a phone, whose screen is the width to share. */
const SECTION_PADDING = { xs: 2, sm: 3 };

function Figure({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Box data-testid={`item-${id}`} sx={{ fontWeight: 800, fontSize: '1.15rem' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The plan's programs (contract's PLAN_PROGRAM_NAMES) in the language shown. */
const PROGRAM_KEYS: Record<PlanProgram, { nameKey: string }> = {
  GAP: { nameKey: 'tracker.item.program.GAP' },
  YDEP: { nameKey: 'tracker.item.program.YDEP' },
};

function Facts({ item }: { item: TrackerItem }) {
  const t = useT();
  const rows: [string, ReactNode][] = [
    [t('tracker.item.facts.program'), t(PROGRAM_KEYS[item.program].nameKey)],
    [t('tracker.item.facts.centre'), centreLabel(t, item.centre)],
    [t('tracker.item.facts.period'), periodText(item.startMonth, item.endMonth)],
    [t('tracker.item.facts.responsible'), item.responsible || '—'],
    [t('tracker.item.facts.target'), item.target || '—'],
  ];
  if (item.project) {
    rows.push([
      t('tracker.item.facts.proposal'),
      `${item.project.referenceNumber} ${item.project.title}`,
    ]);
  }
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        // On a phone each term stands above its value: side by side, a long term left the
        // values a few letters wide.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'max-content minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        fontSize: 14,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function ItemView({
  item,
  back,
  readOnly,
}: {
  item: TrackerItem;
  back: string;
  readOnly: boolean;
}) {
  const t = useT();
  return (
    <Box>
      <Link
        component={RouterLink}
        to={back}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1 }}
      >
        <ArrowBack fontSize="small" aria-hidden="true" /> {t('tracker.item.back')}
      </Link>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 0.5 }}>
        <Typography variant="h4" component="h1">
          {item.ppa}
        </Typography>
        <TrackerStatusChip status={item.status} />
        {item.inPlan ? null : (
          <Chip size="small" variant="outlined" label={t('tracker.notInPlan')} />
        )}
        {item.inoperative ? (
          <Chip size="small" color="error" variant="outlined" label={t('tracker.inoperative')} />
        ) : null}
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('tracker.item.updated', {
          reference: item.referenceCode,
          when: formatDateTime(item.updatedAt),
          who: item.updatedBy,
        })}
      </Typography>
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('tracker.readOnly')}
        </Alert>
      ) : null}
      {item.inoperative ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="item-inoperative">
          {t('tracker.inoperativeDetail', {
            date: item.inoperative.decidedOn,
            reason: item.inoperative.reason,
            rule: item.inoperative.rule || '—',
          })}
        </Alert>
      ) : null}
      <Paper sx={{ p: SECTION_PADDING, mb: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          }}
        >
          <Facts item={item} />
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              alignContent: 'start',
            }}
          >
            <Figure id="appropriated" label={t('tracker.figures.appropriated')}>
              {formatPlanPeso(item.spending.appropriated)}
            </Figure>
            <Figure id="disbursed" label={t('tracker.figures.disbursed')}>
              {formatPlanPeso(item.spending.disbursed)}
            </Figure>
            <Figure id="balance" label={t('tracker.figures.balance')}>
              {formatPlanPeso(item.spending.balance)}
            </Figure>
            <Figure id="utilisation" label={t('tracker.figures.utilisation')}>
              <UtilisationBar
                utilisation={item.spending.utilisation}
                label={t('tracker.item.thisLine')}
              />
            </Figure>
          </Box>
        </Box>
      </Paper>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <TitledSection id="progress" title={t('tracker.item.progress')} sx={{ p: SECTION_PADDING }}>
          <ProgressForm item={item} readOnly={readOnly} />
        </TitledSection>
        <TitledSection
          id="checkpoints"
          title={t('tracker.item.checkpoints')}
          sx={{ p: SECTION_PADDING }}
        >
          <CheckpointsSection item={item} readOnly={readOnly} />
        </TitledSection>
        <TitledSection id="spending" title={t('tracker.item.spending')} sx={{ p: SECTION_PADDING }}>
          <SpendingSection item={item} readOnly={readOnly} />
        </TitledSection>
        <TitledSection id="evidence" title={t('tracker.item.evidence')} sx={{ p: SECTION_PADDING }}>
          <EvidenceSection item={item} readOnly={readOnly} />
        </TitledSection>
      </Box>
    </Box>
  );
}

/** Where the back link returns: the tracker the person came from (with its year), else its top. */
function backPath(state: unknown, basePath: string): string {
  if (typeof state === 'object' && state !== null && 'back' in state) {
    const { back } = state;
    if (typeof back === 'string' && back.startsWith(basePath)) {
      return back;
    }
  }
  return basePath;
}

function ItemById({ id, basePath }: { id: number; basePath: string }) {
  const t = useT();
  const { user } = useAuth();
  const state: unknown = useLocation().state;
  const query = useTrackerItem(id);
  useDocumentTitle(
    query.data ? t('tracker.item.documentTitle', { ppa: query.data.ppa }) : t('tracker.page.title'),
  );
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label={t('tracker.item.loading')} />
      </Box>
    );
  }
  if (query.error) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorStatus(query.error) === 404 ? t('tracker.item.notFound') : errorMessage(query.error)}{' '}
        <Link component={RouterLink} to={basePath}>
          {t('tracker.item.back')}
        </Link>
      </Alert>
    );
  }
  return (
    <ItemView
      item={query.data}
      back={backPath(state, basePath)}
      readOnly={!can(user, 'tracker.edit')}
    />
  );
}

/** /tracker/items/:id and /admin/tracker/items/:id (read only). */
export function TrackerItemPage() {
  const { id } = useParams();
  const basePath = trackerBasePath(useLocation().pathname);
  const itemId = Number(id);
  if (!Number.isInteger(itemId) || itemId <= 0) {
    return <Navigate to={basePath} replace />;
  }
  return <ItemById key={itemId} id={itemId} basePath={basePath} />;
}
