import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { KkCounts, KkStats } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

const TABLES = [
  ['byAgeGroup', 'ageGroup'],
  ['bySex', 'sex'],
  ['byClassification', 'classification'],
  ['byEducation', 'education'],
  ['byWorkStatus', 'workStatus'],
  ['bySkVoter', 'skVoter'],
  ['byNationalVoter', 'nationalVoter'],
  ['byVotedLastElection', 'votedLastElection'],
  ['byAssemblyAttendance', 'assemblies'],
] as const;

/**
 * The statistics a page shows: GET /api/kk/stats (the barangay's own), or GET /api/city/kk/stats
 * (a city's view, where the totals too are hidden, null, under five).
 */
export type KkStatsView = Omit<KkStats, 'total' | 'pending' | 'pastThirty'> & {
  total: number | null;
  pending: number | null;
  pastThirty: number | null;
};

/** One count table with a bar per row (the bar is decoration: the number is in the cell). */
function CountTable({
  caption,
  counts,
  total,
  label,
}: {
  caption: string;
  counts: KkCounts;
  total: number | null;
  label: (key: string) => string;
}) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Table size="small" aria-label={caption}>
        <caption
          style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700, padding: '0 0 6px' }}
        >
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            <TableCell>{t('disclosure.kk.stats.group')}</TableCell>
            <TableCell align="right">{t('disclosure.kk.stats.count')}</TableCell>
            <TableCell sx={{ width: '40%' }}>
              <span aria-hidden="true">{t('disclosure.kk.stats.share')}</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(counts).map(([key, n]) => (
            <TableRow key={key}>
              <TableCell>{label(key)}</TableCell>
              <TableCell align="right">
                {n === null ? t('disclosure.kk.stats.hidden') : n}
              </TableCell>
              <TableCell>
                <Box
                  aria-hidden="true"
                  sx={{
                    height: 10,
                    borderRadius: 1,
                    bgcolor: 'primary.main',
                    width: `${total !== null && total > 0 && n !== null ? Math.round((n * 100) / total) : 0}%`,
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** The statistics as tables with bars: counts only, no personal data. */
export function StatsSection({ stats }: { stats: KkStatsView }) {
  const t = useT();
  const count = (n: number | null) => (n === null ? t('disclosure.kk.stats.hidden') : n);
  const label = (table: string) => (key: string) => {
    if (table === 'sex') {
      return t(`disclosure.kk.sex.${key}`);
    }
    if (table === 'classification') {
      return t(`disclosure.kk.classification.${key}`);
    }
    if (key === 'Yes' || key === 'No') {
      return t(`disclosure.kk.stats.${key.toLowerCase()}`);
    }
    return key;
  };
  return (
    <Box component="section" aria-labelledby="kk-stats-heading" sx={{ mb: 3 }}>
      <Typography id="kk-stats-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('disclosure.kk.stats.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {t('disclosure.kk.stats.summary', {
          total: count(stats.total),
          pending: count(stats.pending),
          pastThirty: count(stats.pastThirty),
        })}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: '1fr 1fr 1fr' },
        }}
      >
        {TABLES.map(([field, name]) => (
          <CountTable
            key={field}
            caption={t(`disclosure.kk.stats.${name}`)}
            counts={stats[field]}
            total={stats.total}
            label={label(name)}
          />
        ))}
      </Box>
    </Box>
  );
}
