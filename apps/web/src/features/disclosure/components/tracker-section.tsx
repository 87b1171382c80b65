import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Description from '@mui/icons-material/Description';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import {
  DISCLOSURE_PHOTO_PATH,
  DISCLOSURE_PHOTO_THUMBNAIL_PATH,
  DISCLOSURE_REPORT_PATH,
  TRACKER_STATUSES,
  endpointPath,
  formatPlanPeso,
  type DisclosureTracker,
  type TrackerReportPeriod,
} from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { SpendingChart } from '../../../components/spending-chart.tsx';
import { TrackerStatusChip } from '../../../components/tracker-status-chip.tsx';
import { useT } from '../../../i18n/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { centreLabel, formatUtilisation, reportPeriodLabel } from '../../../lib/tracker-labels.ts';
import { useDisclosureTracker } from '../api/get-disclosure-tracker.ts';

type Item = DisclosureTracker['items'][number];

function Heading({ children }: { children: string }) {
  return (
    <Typography component="h4" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
      {children}
    </Typography>
  );
}

function Figures({ tracker }: { tracker: DisclosureTracker }) {
  const t = useT();
  const figures = [
    [
      'appropriated',
      t('tracker.figures.appropriated'),
      formatPlanPeso(tracker.totals.appropriated),
    ],
    ['disbursed', t('tracker.figures.disbursed'), formatPlanPeso(tracker.totals.disbursed)],
    ['balance', t('tracker.figures.balance'), formatPlanPeso(tracker.totals.balance)],
    [
      'utilisation',
      t('tracker.figures.utilisation'),
      formatUtilisation(tracker.totals.utilisation),
    ],
  ] as const;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        mb: 2,
      }}
    >
      {figures.map(([id, label, value]) => (
        <Paper key={id} variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
          <Typography
            data-testid={`public-tracker-${id}`}
            sx={{
              fontWeight: 800,
              fontSize: { xs: '1rem', sm: '1.2rem' },
              overflowWrap: 'anywhere',
            }}
          >
            {value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

function StatusCounts({ tracker }: { tracker: DisclosureTracker }) {
  const t = useT();
  return (
    <Box
      component="ul"
      aria-label={t('disclosure.tracker.byStatus')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}
    >
      {TRACKER_STATUSES.map((status) => (
        <Box component="li" key={status} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <TrackerStatusChip status={status} />
          <Typography component="span" sx={{ fontWeight: 700 }}>
            {tracker.byStatus[status]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function ItemsList({
  items,
  phone,
  year,
}: {
  items: readonly Item[];
  phone: boolean;
  year: string;
}) {
  const t = useT();
  const caption = t('disclosure.tracker.itemsCaption', { year });
  if (phone) {
    return (
      <Box
        component="ul"
        aria-label={caption}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {items.map((item) => (
          <Paper component="li" variant="outlined" key={item.referenceCode} sx={{ p: 1.5 }}>
            <Typography sx={{ fontWeight: 700 }}>{item.ppa}</Typography>
            <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>
              {item.referenceCode} · {centreLabel(t, item.centre)}
            </Typography>
            <TrackerStatusChip status={item.status} />
            <Typography sx={{ fontSize: 14, mt: 0.5 }}>
              {t('disclosure.tracker.spent', {
                spent: formatPlanPeso(item.spending.disbursed),
                planned: formatPlanPeso(item.spending.appropriated),
                utilisation: formatUtilisation(item.spending.utilisation),
              })}
            </Typography>
            {item.accomplishment ? (
              <Typography sx={{ fontSize: 14, mt: 0.5 }}>{item.accomplishment}</Typography>
            ) : null}
          </Paper>
        ))}
      </Box>
    );
  }
  return (
    <ScrollRegion label={caption}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            {[
              t('disclosure.tracker.column.reference'),
              t('tracker.items.column.ppa'),
              t('tracker.chart.centre'),
              t('tracker.items.column.status'),
              t('disclosure.tracker.column.accomplishment'),
            ].map((label) => (
              <TableCell key={label} component="th" scope="col">
                {label}
              </TableCell>
            ))}
            {[
              t('tracker.figures.appropriated'),
              t('tracker.figures.disbursed'),
              t('tracker.figures.utilisation'),
            ].map((label) => (
              <TableCell key={label} component="th" scope="col" align="right">
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.referenceCode} data-item={item.referenceCode}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.referenceCode}</TableCell>
              <TableCell component="th" scope="row">
                {item.ppa}
              </TableCell>
              <TableCell>{centreLabel(t, item.centre)}</TableCell>
              <TableCell>
                <TrackerStatusChip status={item.status} />
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>{item.accomplishment || '—'}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPlanPeso(item.spending.appropriated)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPlanPeso(item.spending.disbursed)}
              </TableCell>
              <TableCell align="right">{formatUtilisation(item.spending.utilisation)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

function Reports({
  code,
  year,
  periods,
}: {
  code: string;
  year: number;
  periods: readonly TrackerReportPeriod[];
}) {
  const t = useT();
  if (periods.length === 0) {
    return <Typography color="text.secondary">{t('disclosure.tracker.noReports')}</Typography>;
  }
  const href = (period: TrackerReportPeriod, format: 'pdf' | 'xlsx') =>
    `${endpointPath(DISCLOSURE_REPORT_PATH, { barangayCode: code, year, period })}?format=${format}`;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {periods.flatMap((period) =>
        (['pdf', 'xlsx'] as const).map((format) => (
          <Button
            key={`${period}-${format}`}
            component="a"
            href={href(period, format)}
            download
            variant={format === 'pdf' ? 'contained' : 'outlined'}
            startIcon={format === 'pdf' ? <PictureAsPdf /> : <Description />}
          >
            {t('disclosure.tracker.report', {
              period: reportPeriodLabel(t, period),
              year: String(year),
              format: format === 'pdf' ? 'PDF' : 'Excel',
            })}
          </Button>
        )),
      )}
    </Box>
  );
}

function Photos({ code, items }: { code: string; items: readonly Item[] }) {
  const t = useT();
  const photos = items.flatMap((item) => item.photos.map((photo) => ({ ...photo, ppa: item.ppa })));
  if (photos.length === 0) {
    return <Typography color="text.secondary">{t('disclosure.tracker.noPhotos')}</Typography>;
  }
  return (
    <Box
      component="ul"
      aria-label={t('disclosure.tracker.photos')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
      }}
    >
      {photos.map((photo) => {
        const alt = photo.caption || t('disclosure.tracker.photoOf', { ppa: photo.ppa });
        return (
          <Box component="li" key={photo.id}>
            <Box component="figure" sx={{ m: 0 }}>
              <Link
                href={endpointPath(DISCLOSURE_PHOTO_PATH, { barangayCode: code, id: photo.id })}
                target="_blank"
                rel="noopener"
                sx={{ display: 'block' }}
              >
                <Box
                  component="img"
                  src={endpointPath(DISCLOSURE_PHOTO_THUMBNAIL_PATH, {
                    barangayCode: code,
                    id: photo.id,
                  })}
                  alt={alt}
                  loading="lazy"
                  sx={{
                    width: '100%',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    display: 'block',
                    borderRadius: 1,
                    bgcolor: 'grey.100',
                  }}
                />
              </Link>
              <Box component="figcaption" sx={{ fontSize: 14, mt: 0.5 }}>
                {photo.caption ? <span>{photo.caption}</span> : null}
                <Box
                  component="span"
                  sx={{ display: 'block', color: 'text.secondary', fontSize: 13 }}
                >
                  {photo.ppa}
                </Box>
              </Box>
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * The posted year's implementation on the public board: items' status, utilisation per centre,
 * the accomplishment reports and the photos the council marked public.
 */
export function TrackerSection({
  code,
  year,
  phone,
}: {
  code: string;
  year: number;
  phone: boolean;
}) {
  const t = useT();
  const query = useDisclosureTracker(code, year);
  const yearText = String(year);
  const title = (
    <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
      {t('disclosure.tracker.title')}
    </Typography>
  );
  if (query.isPending) {
    return (
      <Box component="section" sx={{ mb: 4 }} aria-busy="true">
        {title}
        <CircularProgress size={28} aria-label={t('disclosure.tracker.loading')} />
      </Box>
    );
  }
  if (query.error) {
    return (
      <Box component="section" sx={{ mb: 4 }}>
        {title}
        <Typography color="text.secondary">{t('disclosure.tracker.loadFailed')}</Typography>
      </Box>
    );
  }
  const tracker = query.data;
  if (!tracker) {
    return null;
  }
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid="public-tracker">
      {title}
      <Typography sx={{ mb: 2, color: 'text.secondary', fontSize: 14 }}>
        {t('disclosure.tracker.intro', {
          year: yearText,
          asOf: formatDate(`${tracker.asOf}T00:00:00+08:00`),
        })}
      </Typography>
      <Figures tracker={tracker} />
      <StatusCounts tracker={tracker} />
      <Box sx={{ mt: 3 }}>
        <SpendingChart
          title={t('disclosure.tracker.chart', { year: yearText })}
          titleComponent="h4"
          testId="public-utilisation-chart"
          rows={tracker.byCentre.map((c) => ({
            key: c.centre ?? 'general',
            label: centreLabel(t, c.centre),
            planned: c.appropriated,
            spent: c.disbursed,
          }))}
        />
      </Box>
      <Heading>{t('disclosure.tracker.reports')}</Heading>
      <Reports code={code} year={year} periods={tracker.reports} />
      <Heading>{t('disclosure.tracker.photos')}</Heading>
      <Photos code={code} items={tracker.items} />
      <Heading>{t('disclosure.tracker.items')}</Heading>
      <ItemsList items={tracker.items} phone={phone} year={yearText} />
    </Box>
  );
}
