import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  BARANGAYS,
  DISCLOSURE_DOCUMENT_PATH,
  endpointPath,
  formatPlanPeso,
  type DisclosurePlan,
  type DisclosureProject,
  type PlanDocument,
  type PlanDocumentFormat,
  type PlanKind,
} from '@sk-tanaw/contract';
import { PlanProgramTable } from '../../../components/plan-program-table.tsx';
import { PublicHeader } from '../../../components/public-header.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDisclosure } from '../api/get-disclosure.ts';
import { siteInfoQuery } from '../../../lib/site-info-query.ts';
import { groupAbyip } from '../lib/group-lines.ts';
import { AbyipCards, AbyipWideTable } from './abyip-table.tsx';
import { CentreChart } from './centre-chart.tsx';
import { Figure, HonorariaTable, ReceiptsTable, Signatories } from './plan-parts.tsx';
import { TrackerSection } from './tracker-section.tsx';
import { PostingsPanel } from './postings-section.tsx';
import { ProcurementSection } from './procurement-section.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type T = (id: string, values?: Record<string, unknown>) => string;

/** 'Original', 'Supplemental budget No. 1', 'Realignment No. 2'. */
function amendmentText(t: T, kind: PlanKind, amendment: number): string {
  if (kind === 'supplemental') {
    return t('disclosure.plan.supplemental', { number: amendment });
  }
  if (kind === 'realignment') {
    return t('disclosure.plan.realignment', { number: amendment });
  }
  return t('disclosure.plan.original');
}

/** The accepted projects' statuses in the language shown (the stored value stays English). */
function projectStatusText(t: T, status: string): string {
  switch (status) {
    case 'Proposal Accepted':
      return t('disclosure.projectStatus.accepted');
    case 'In Compilation':
      return t('disclosure.projectStatus.inCompilation');
    case "Brgy. Captain's Review":
      return t('disclosure.projectStatus.captainReview');
    case 'Submitted to LGU':
      return t('disclosure.projectStatus.submittedToLgu');
    case 'LGU Revision Requested':
      return t('disclosure.projectStatus.lguRevisionRequested');
    case 'LGU Approval':
      return t('disclosure.projectStatus.lguApproval');
    case 'LGU Rejected':
      return t('disclosure.projectStatus.lguRejected');
    default:
      return status;
  }
}

const dateOf = (isoDay: string) => formatDate(`${isoDay}T00:00:00+08:00`);

function documentHref(
  code: string,
  id: number,
  document: PlanDocument,
  format: PlanDocumentFormat,
) {
  return `${endpointPath(DISCLOSURE_DOCUMENT_PATH, { barangayCode: code, id, document })}?format=${format}`;
}

function Downloads({ code, plan }: { code: string; plan: DisclosurePlan }) {
  const t = useT();
  const year = String(plan.year);
  const items: { document: PlanDocument; format: PlanDocumentFormat; label: string }[] = [
    {
      document: 'abyip',
      format: 'pdf',
      label: t('disclosure.download.abyip', { year, format: 'PDF' }),
    },
    {
      document: 'abyip',
      format: 'xlsx',
      label: t('disclosure.download.abyip', { year, format: 'Excel' }),
    },
    {
      document: 'annual-budget',
      format: 'pdf',
      label: t('disclosure.download.budget', { year, format: 'PDF' }),
    },
    {
      document: 'annual-budget',
      format: 'xlsx',
      label: t('disclosure.download.budget', { year, format: 'Excel' }),
    },
  ];
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, auto)' },
        justifyContent: 'start',
      }}
    >
      {items.map((item) => (
        <Button
          key={item.label}
          component="a"
          href={documentHref(code, plan.id, item.document, item.format)}
          download
          variant={item.format === 'pdf' ? 'contained' : 'outlined'}
          startIcon={item.format === 'pdf' ? <PictureAsPdf /> : <Description />}
          sx={{ justifyContent: 'flex-start' }}
        >
          {item.label}
        </Button>
      ))}
    </Box>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function PostedPlan({ code, plan, phone }: { code: string; plan: DisclosurePlan; phone: boolean }) {
  const t = useT();
  const table = useMemo(() => groupAbyip(plan), [plan]);
  const year = String(plan.year);
  const abyipCaption = t('disclosure.plan.abyipCaption', { year });
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h2">
          {t('disclosure.plan.title', { year })}
        </Typography>
        <Chip size="small" color="success" label={t('disclosure.plan.posted')} />
        <Chip size="small" variant="outlined" label={amendmentText(t, plan.kind, plan.amendment)} />
      </Box>
      <Typography sx={{ mb: 0.5 }}>
        {t('disclosure.plan.approved', {
          resolution: plan.resolutionNumber,
          date: dateOf(plan.approvedOn),
        })}
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>
        {t('disclosure.plan.postedOn', { when: formatDateTime(plan.postedAt) })}
      </Typography>
      <Box sx={{ mb: 3 }}>
        <Downloads code={code} plan={plan} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          mb: 4,
        }}
      >
        <Figure
          label={t('disclosure.figures.receipts')}
          value={formatPlanPeso(plan.totals.receipts)}
        />
        <Figure
          label={t('disclosure.figures.appropriations')}
          value={formatPlanPeso(plan.totals.appropriations)}
        />
        <Figure
          label={t('disclosure.figures.youth')}
          value={formatPlanPeso(plan.totals.byProgram.YDEP.total)}
        />
        <Figure
          label={t('disclosure.abyip.generalAdministration')}
          value={formatPlanPeso(plan.totals.byProgram.GAP.total)}
        />
      </Box>
      <Block title={t('disclosure.plan.whereMoneyGoes')}>
        <CentreChart totals={plan.totals} title={t('disclosure.plan.centreChart', { year })} />
      </Block>
      <TrackerSection code={code} year={plan.year} phone={phone} />
      <Block title={t('disclosure.plan.annualBudget', { year })}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
            alignItems: 'start',
          }}
        >
          <Box>
            <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
              {t('disclosure.plan.part1')}
            </Typography>
            <ReceiptsTable plan={plan} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
              {t('disclosure.plan.part2')}
            </Typography>
            <PlanProgramTable
              totals={plan.totals}
              caption={t('disclosure.plan.expenditure', { year })}
              compact={phone}
            />
          </Box>
        </Box>
      </Block>
      <Block title={abyipCaption}>
        {phone ? (
          <AbyipCards table={table} caption={abyipCaption} inoperative={plan.inoperative} />
        ) : (
          <AbyipWideTable table={table} caption={abyipCaption} inoperative={plan.inoperative} />
        )}
      </Block>
      {plan.honoraria.length > 0 ? (
        <Block title={t('disclosure.honoraria.title')}>
          <HonorariaTable plan={plan} phone={phone} />
        </Block>
      ) : null}
      <Block title={t('disclosure.signatories')}>
        <Signatories plan={plan} />
      </Block>
    </Box>
  );
}

function ProjectsList({
  projects,
  phone,
}: {
  projects: readonly DisclosureProject[];
  phone: boolean;
}) {
  const t = useT();
  if (projects.length === 0) {
    return <Typography color="text.secondary">{t('disclosure.projects.empty')}</Typography>;
  }
  if (phone) {
    return (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {projects.map((project) => (
          <Paper component="li" variant="outlined" key={project.referenceNumber} sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>{project.title}</Typography>
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>
              {project.referenceNumber} · {project.year}
            </Typography>
            <Chip size="small" label={projectStatusText(t, project.status)} />
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <ScrollRegion label={t('disclosure.projects.title')}>
      <Table size="small" aria-label={t('disclosure.projects.title')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('disclosure.tracker.column.reference')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('disclosure.projects.project')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('disclosure.projects.year')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('disclosure.projects.status')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {projects.map((project) => (
            <TableRow key={project.referenceNumber}>
              <TableCell>{project.referenceNumber}</TableCell>
              <TableCell component="th" scope="row">
                {project.title}
              </TableCell>
              <TableCell>{project.year}</TableCell>
              <TableCell>
                <Chip size="small" label={projectStatusText(t, project.status)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * The installation's barangays for links (the site information's: a few, or the demo's two with
 * the demo data; none when there are many: the directory lists them).
 */
function useServedBarangays(): readonly { code: string; name: string }[] {
  const { data: site } = useQuery(siteInfoQuery());
  return site?.demo ? BARANGAYS : (site?.barangays ?? []);
}

function OtherBarangays({ current }: { current: string }) {
  const t = useT();
  const others = useServedBarangays().filter((b) => b.code !== current.toUpperCase());
  if (others.length === 0) {
    return null;
  }
  return (
    <Typography sx={{ mt: 4, fontSize: 14 }}>
      {t('disclosure.otherBarangays')}{' '}
      {others.map((b, i) => (
        <span key={b.code}>
          {i > 0 ? ' · ' : ''}
          <Link component={RouterLink} to={`/disclosure/${b.code}`}>
            {b.name}
          </Link>
        </span>
      ))}
      {' · '}
      <Link component={RouterLink} to="/disclosure">
        {t('disclosure.directory.link')}
      </Link>
    </Typography>
  );
}

function Board({ code }: { code: string }) {
  const t = useT();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const query = useDisclosure(code);
  const [chosen, setChosen] = useState<number | null>(null);
  const served = useServedBarangays();
  useDocumentTitle(
    query.data
      ? t('disclosure.documentTitle', { barangay: query.data.barangay.name })
      : t('disclosure.header'),
  );

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={t('disclosure.loading')} />
      </Box>
    );
  }
  if (query.error) {
    if (errorStatus(query.error) === 404) {
      return (
        <Box sx={{ py: 6 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            {t('disclosure.notFound.title')}
          </Typography>
          <Typography sx={{ mb: 2 }}>{t('disclosure.notFound.text', { code })}</Typography>
          <Box component="ul" sx={{ pl: 3 }}>
            {served.map((b) => (
              <li key={b.code}>
                <Link component={RouterLink} to={`/disclosure/${b.code}`}>
                  {b.name}
                </Link>
              </li>
            ))}
            <li>
              <Link component={RouterLink} to="/disclosure">
                {t('disclosure.directory.link')}
              </Link>
            </li>
          </Box>
        </Box>
      );
    }
    return (
      <Alert severity="error" sx={{ my: 4 }}>
        {errorMessage(query.error)}
      </Alert>
    );
  }

  const { barangay, plans, projects, schedule, procurement } = query.data;
  const years = plans.map((p) => p.year);
  const year = chosen !== null && years.includes(chosen) ? chosen : (years[0] ?? null);
  const plan = plans.find((p) => p.year === year);

  return (
    <Box sx={{ py: { xs: 3, md: 5 } }}>
      <Typography
        component="p"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.08em', fontSize: 13 }}
      >
        {t('disclosure.kicker')}
      </Typography>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' }, mb: 1 }}
      >
        {t('disclosure.barangay', { name: barangay.name })}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: 760 }}>{t('disclosure.intro')}</Typography>
      {plan ? (
        <Paper sx={{ p: { xs: 2, md: 3 }, mb: 4 }}>
          {plans.length > 1 ? (
            <Tabs
              value={plan.year}
              onChange={(_event, value: number) => setChosen(value)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label={t('disclosure.fiscalYear')}
              sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              {plans.map((p) => (
                <Tab key={p.id} value={p.year} label={String(p.year)} />
              ))}
            </Tabs>
          ) : null}
          <PostedPlan key={plan.id} code={barangay.code} plan={plan} phone={phone} />
        </Paper>
      ) : (
        <Alert severity="info" sx={{ mb: 4 }}>
          {t('disclosure.noPlan', { name: barangay.name })}
        </Alert>
      )}
      <PostingsPanel code={barangay.code} schedule={schedule} />
      <ProcurementSection procurement={procurement} phone={phone} />
      <Paper component="section" aria-labelledby="projects-title" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="projects-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('disclosure.projects.title')}
        </Typography>
        <ProjectsList projects={projects} phone={phone} />
      </Paper>
      <OtherBarangays current={barangay.code} />
    </Box>
  );
}

/** /disclosure/:barangayCode: the public disclosure board (no sign-in; phones included). */
export function DisclosurePage() {
  const { barangayCode = '' } = useParams();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <PublicHeader />
      <Container maxWidth="xl" component="main">
        <Board key={barangayCode} code={barangayCode} />
      </Container>
    </Box>
  );
}
