import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import {
  formatPlanPeso,
  type CentreUtilisation,
  type PydpCentre,
  type TrackerItemSummary,
} from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { TrackerStatusChip } from '../../../components/tracker-status-chip.tsx';
import { UtilisationBar } from '../../../components/utilisation-bar.tsx';
import { useT } from '../../../i18n/index.ts';
import { centreLabel, formatUtilisation } from '../../../lib/tracker-labels.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { dayRangeText } from '../lib/dates.ts';

interface CentreGroup {
  centre: PydpCentre | null;
  figures: CentreUtilisation | undefined;
  items: TrackerItemSummary[];
}

/** Items by centre, in the order of the server's figures per centre (then any other). */
export function groupByCentre(
  items: readonly TrackerItemSummary[],
  byCentre: readonly CentreUtilisation[],
): CentreGroup[] {
  const order = [...byCentre.map((c) => c.centre)];
  for (const item of items) {
    if (!order.includes(item.centre)) {
      order.push(item.centre);
    }
  }
  return order
    .map((centre) => ({
      centre,
      figures: byCentre.find((c) => c.centre === centre),
      items: items
        .filter((item) => item.centre === centre)
        .sort((a, b) => a.referenceCode.localeCompare(b.referenceCode)),
    }))
    .filter((group) => group.items.length > 0);
}

function Dates({ item, year }: { item: TrackerItemSummary; year: number }) {
  const t = useT();
  return (
    <Box sx={{ fontSize: 13, whiteSpace: 'nowrap' }}>
      <div>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('tracker.items.planned')}{' '}
        </Box>
        {dayRangeText(t, item.plannedStart, item.plannedEnd, year)}
      </div>
      <div>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {t('tracker.items.actual')}{' '}
        </Box>
        {dayRangeText(t, item.actualStart, item.actualEnd, year)}
      </div>
    </Box>
  );
}

function Checkpoints({ item }: { item: TrackerItemSummary }) {
  const t = useT();
  const { total, done, overdue } = item.checkpoints;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <span aria-hidden="true">{total === 0 ? '—' : `${String(done)}/${String(total)}`}</span>
      <Box component="span" sx={visuallyHidden}>
        {t('tracker.items.checkpointsDone', { done, total })}
      </Box>
      {overdue > 0 ? (
        <Chip size="small" color="error" label={t('tracker.items.overdue', { count: overdue })} />
      ) : null}
    </Box>
  );
}

const COLUMNS = [
  { labelKey: 'tracker.items.column.ppa' },
  { labelKey: 'tracker.items.column.status' },
  { labelKey: 'tracker.items.column.dates' },
  { labelKey: 'tracker.figures.appropriated', align: 'right' as const },
  { labelKey: 'tracker.figures.disbursed', align: 'right' as const },
  { labelKey: 'tracker.figures.utilisation' },
  { labelKey: 'tracker.items.column.checkpoints' },
];

/** The year's tracked items grouped by centre of participation, each leading to its page. */
export function ItemsTable({
  items,
  byCentre,
  year,
  itemPath,
  linkState,
}: {
  items: readonly TrackerItemSummary[];
  /** The tracker's year: dates within it are shown without it. */
  year: number;
  byCentre: readonly CentreUtilisation[];
  itemPath: (id: number) => string;
  /** Router state the item links carry (where the item page's back link returns). */
  linkState?: unknown;
}) {
  const t = useT();
  const groups = groupByCentre(items, byCentre);
  if (groups.length === 0) {
    return <Typography color="text.secondary">{t('tracker.items.empty')}</Typography>;
  }
  return (
    <ScrollRegion label={t('tracker.items.label')}>
      <Table
        size="small"
        aria-label={t('tracker.items.label')}
        // Narrower cell padding: the whole row fits a laptop screen beside the sidebar.
        sx={{ '& th, & td': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column.labelKey} component="th" scope="col" align={column.align}>
                {t(column.labelKey)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map((group) => (
            <Fragment key={group.centre ?? 'general'}>
              <TableRow
                sx={{ bgcolor: 'grey.100' }}
                data-centre={group.centre ?? 'General administration'}
              >
                <TableCell component="th" scope="colgroup" colSpan={3} sx={{ fontWeight: 700 }}>
                  {centreLabel(t, group.centre)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {group.figures ? formatPlanPeso(group.figures.appropriated) : ''}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700 }}>
                  {group.figures ? formatPlanPeso(group.figures.disbursed) : ''}
                </TableCell>
                <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                  {group.figures
                    ? t('tracker.items.utilised', {
                        value: formatUtilisation(group.figures.utilisation),
                      })
                    : ''}
                </TableCell>
              </TableRow>
              {group.items.map((item) => (
                <TableRow key={item.id} hover data-item={item.referenceCode}>
                  <TableCell component="th" scope="row" sx={{ minWidth: 200 }}>
                    <Link
                      component={RouterLink}
                      to={itemPath(item.id)}
                      state={linkState}
                      sx={{ fontWeight: 700 }}
                    >
                      {item.ppa}
                    </Link>
                    <Box
                      component="span"
                      sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}
                    >
                      {item.referenceCode}
                    </Box>
                    {item.inPlan ? null : (
                      <Chip size="small" variant="outlined" label={t('tracker.notInPlan')} />
                    )}
                    {item.inoperative ? (
                      <Chip
                        size="small"
                        color="error"
                        variant="outlined"
                        label={t('tracker.inoperative')}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <TrackerStatusChip status={item.status} />
                  </TableCell>
                  <TableCell>
                    <Dates item={item} year={year} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPlanPeso(item.spending.appropriated)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPlanPeso(item.spending.disbursed)}
                  </TableCell>
                  <TableCell>
                    <UtilisationBar utilisation={item.spending.utilisation} label={item.ppa} />
                  </TableCell>
                  <TableCell>
                    <Checkpoints item={item} />
                  </TableCell>
                </TableRow>
              ))}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
