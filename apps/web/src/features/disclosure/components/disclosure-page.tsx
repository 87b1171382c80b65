import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
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
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  BARANGAYS,
  DISCLOSURE_DOCUMENT_PATH,
  HONORARIA_POSITION_NAMES,
  endpointPath,
  formatPlanPeso,
  type DisclosurePlan,
  type DisclosureProject,
  type PlanDocument,
  type PlanDocumentFormat,
} from '@sk-tanaw/contract';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { PlanProgramTable } from '../../../components/plan-program-table.tsx';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { amendmentLabel } from '../../../lib/plan-labels.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDisclosure } from '../api/get-disclosure.ts';
import { groupAbyip } from '../lib/group-lines.ts';
import { AbyipCards, AbyipWideTable } from './abyip-table.tsx';
import { CentreChart } from './centre-chart.tsx';
import { TrackerSection } from './tracker-section.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

function PublicHeader() {
  return (
    <AppBar position="static" elevation={0} sx={{ bgcolor: 'primary.dark' }}>
      <Container maxWidth="xl">
        <Toolbar disableGutters sx={{ gap: 1.5 }}>
          <BrandMark />
          <Link
            component={RouterLink}
            to="/home"
            underline="hover"
            sx={{ color: '#fff', fontWeight: 800, fontSize: '1.1rem', flexGrow: 1 }}
          >
            {PRODUCT_NAME}
          </Link>
          <Typography component="span" sx={{ color: '#d6def0', fontSize: 14 }}>
            Public disclosure board
          </Typography>
        </Toolbar>
      </Container>
    </AppBar>
  );
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
  const items: { document: PlanDocument; format: PlanDocumentFormat; label: string }[] = [
    { document: 'abyip', format: 'pdf', label: `ABYIP ${String(plan.year)} (PDF)` },
    { document: 'abyip', format: 'xlsx', label: `ABYIP ${String(plan.year)} (Excel)` },
    { document: 'annual-budget', format: 'pdf', label: `Annual budget ${String(plan.year)} (PDF)` },
    {
      document: 'annual-budget',
      format: 'xlsx',
      label: `Annual budget ${String(plan.year)} (Excel)`,
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

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.3rem' }, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

function ReceiptsTable({ plan }: { plan: DisclosurePlan }) {
  const { totals } = plan;
  return (
    <Table size="small" aria-label={`Receipts program ${String(plan.year)}`}>
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="row">
            10% share of the barangay&apos;s general fund
          </TableCell>
          <TableCell align="right">{formatPlanPeso(totals.tenPercentShare)}</TableCell>
        </TableRow>
        <TableRow>
          <TableCell component="th" scope="row">
            Other receipts
          </TableCell>
          <TableCell align="right">{formatPlanPeso(totals.otherReceipts)}</TableCell>
        </TableRow>
        <TableRow sx={{ bgcolor: 'grey.100' }}>
          <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
            Total receipts
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            {formatPlanPeso(totals.receipts)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

const honorariumTotal = (h: DisclosurePlan['honoraria'][number]) =>
  (Math.round(h.monthlyRate * 100) * h.months) / 100;

function HonorariaTable({ plan, phone }: { plan: DisclosurePlan; phone: boolean }) {
  if (plan.honoraria.length === 0) {
    return null;
  }
  if (phone) {
    return (
      <Table size="small" aria-label={`Honoraria schedule ${String(plan.year)}`}>
        <TableBody>
          {plan.honoraria.map((h, i) => (
            <TableRow key={`${h.position}-${String(i)}`}>
              <TableCell component="th" scope="row">
                {HONORARIA_POSITION_NAMES[h.position]}
                <Box
                  component="span"
                  sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}
                >
                  {formatPlanPeso(h.monthlyRate)} a month × {h.months}
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPlanPeso(honorariumTotal(h))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <ScrollRegion label={`Honoraria schedule ${String(plan.year)}`}>
      <Table size="small" aria-label={`Honoraria schedule ${String(plan.year)}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Position
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Monthly rate
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Months
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.honoraria.map((h, i) => (
            <TableRow key={`${h.position}-${String(i)}`}>
              <TableCell component="th" scope="row">
                {HONORARIA_POSITION_NAMES[h.position]}
              </TableCell>
              <TableCell align="right">{formatPlanPeso(h.monthlyRate)}</TableCell>
              <TableCell align="right">{h.months}</TableCell>
              <TableCell align="right">{formatPlanPeso(honorariumTotal(h))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function Signatories({ plan }: { plan: DisclosurePlan }) {
  const { signatories } = plan;
  const person = (name: string, position: string) => (
    <Box>
      <Typography sx={{ fontWeight: 700 }}>{name || '—'}</Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{position}</Typography>
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
      }}
      aria-label="Signatories"
      role="group"
    >
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>Prepared by</Typography>
        {person(signatories.secretary, 'SK Secretary')}
      </Box>
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>Prepared by</Typography>
        {person(signatories.treasurer, 'SK Treasurer')}
      </Box>
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>Attested by</Typography>
        {person(signatories.chairperson, 'SK Chairperson')}
      </Box>
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
  const table = useMemo(() => groupAbyip(plan), [plan]);
  const year = String(plan.year);
  const abyipCaption = `Annual Barangay Youth Investment Program ${year}`;
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h5" component="h2">
          Budget {year}
        </Typography>
        <Chip size="small" color="success" label="Posted" />
        <Chip size="small" variant="outlined" label={amendmentLabel(plan.kind, plan.amendment)} />
      </Box>
      <Typography sx={{ mb: 0.5 }}>
        Approved by SK Resolution No. {plan.resolutionNumber} on {dateOf(plan.approvedOn)}.
      </Typography>
      <Typography sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>
        Posted {formatDateTime(plan.postedAt)}.
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
        <Figure label="Total receipts (SK fund)" value={formatPlanPeso(plan.totals.receipts)} />
        <Figure label="Appropriations" value={formatPlanPeso(plan.totals.appropriations)} />
        <Figure
          label="Youth development"
          value={formatPlanPeso(plan.totals.byProgram.YDEP.total)}
        />
        <Figure
          label="General administration"
          value={formatPlanPeso(plan.totals.byProgram.GAP.total)}
        />
      </Box>
      <Block title="Where the money goes, by centre of participation">
        <CentreChart totals={plan.totals} title={`Appropriations by centre, ${year}`} />
      </Block>
      <TrackerSection code={code} year={plan.year} phone={phone} />
      <Block title={`Annual budget ${year}`}>
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
              Part I. Receipts program
            </Typography>
            <ReceiptsTable plan={plan} />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
              Part II. Expenditure program
            </Typography>
            <PlanProgramTable
              totals={plan.totals}
              caption={`Expenditure program ${year}`}
              compact={phone}
            />
          </Box>
        </Box>
      </Block>
      <Block title={abyipCaption}>
        {phone ? (
          <AbyipCards table={table} caption={abyipCaption} />
        ) : (
          <AbyipWideTable table={table} caption={abyipCaption} />
        )}
      </Block>
      {plan.honoraria.length > 0 ? (
        <Block title="Honoraria schedule">
          <HonorariaTable plan={plan} phone={phone} />
        </Block>
      ) : null}
      <Block title="Signatories">
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
  if (projects.length === 0) {
    return <Typography color="text.secondary">No accepted projects yet.</Typography>;
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
            <Chip size="small" label={project.status} />
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <ScrollRegion label="Accepted projects">
      <Table size="small" aria-label="Accepted projects">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Reference
            </TableCell>
            <TableCell component="th" scope="col">
              Project
            </TableCell>
            <TableCell component="th" scope="col">
              Year
            </TableCell>
            <TableCell component="th" scope="col">
              Status
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
                <Chip size="small" label={project.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function OtherBarangays({ current }: { current: string }) {
  const others = BARANGAYS.filter((b) => b.code !== current.toUpperCase());
  if (others.length === 0) {
    return null;
  }
  return (
    <Typography sx={{ mt: 4, fontSize: 14 }}>
      Other barangays:{' '}
      {others.map((b, i) => (
        <span key={b.code}>
          {i > 0 ? ' · ' : ''}
          <Link component={RouterLink} to={`/disclosure/${b.code}`}>
            {b.name}
          </Link>
        </span>
      ))}
    </Typography>
  );
}

function Board({ code }: { code: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const query = useDisclosure(code);
  const [chosen, setChosen] = useState<number | null>(null);
  useDocumentTitle(
    query.data ? `Public disclosure: ${query.data.barangay.name}` : 'Public disclosure board',
  );

  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label="Loading the disclosure board" />
      </Box>
    );
  }
  if (query.error) {
    if (errorStatus(query.error) === 404) {
      return (
        <Box sx={{ py: 6 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
            Barangay not found
          </Typography>
          <Typography sx={{ mb: 2 }}>
            There is no disclosure board for “{code}”. Choose a barangay:
          </Typography>
          <Box component="ul" sx={{ pl: 3 }}>
            {BARANGAYS.map((b) => (
              <li key={b.code}>
                <Link component={RouterLink} to={`/disclosure/${b.code}`}>
                  {b.name}
                </Link>
              </li>
            ))}
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

  const { barangay, plans, projects } = query.data;
  const years = plans.map((p) => p.year);
  const year = chosen !== null && years.includes(chosen) ? chosen : (years[0] ?? null);
  const plan = plans.find((p) => p.year === year);

  return (
    <Box sx={{ py: { xs: 3, md: 5 } }}>
      <Typography
        component="p"
        sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.08em', fontSize: 13 }}
      >
        SANGGUNIANG KABATAAN · FULL DISCLOSURE
      </Typography>
      <Typography
        variant="h3"
        component="h1"
        sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' }, mb: 1 }}
      >
        Barangay {barangay.name}
      </Typography>
      <Typography sx={{ mb: 3, maxWidth: 760 }}>
        The SK&apos;s posted Annual Barangay Youth Investment Program (ABYIP) and annual budget, as
        approved by SK resolution, and the projects accepted for funding. Only posted material is
        shown here.
      </Typography>
      {plan ? (
        <Paper sx={{ p: { xs: 2, md: 3 }, mb: 4 }}>
          {plans.length > 1 ? (
            <Tabs
              value={plan.year}
              onChange={(_event, value: number) => setChosen(value)}
              variant="scrollable"
              allowScrollButtonsMobile
              aria-label="Fiscal year"
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
          No budget plan of Barangay {barangay.name} has been posted yet.
        </Alert>
      )}
      <Paper component="section" aria-labelledby="projects-title" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography id="projects-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Accepted projects
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
