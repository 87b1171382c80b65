import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Download from '@mui/icons-material/Download';
import type { CityTurnoverRow } from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  downloadBarangayOrder,
  downloadCityTurnover,
  useCityTurnover,
} from '../api/get-city-turnover.ts';
import { RequirementsTable } from '../../turnover/components/requirements-table.tsx';
import { useRequirements } from '../../turnover/officials-api.ts';
import { useCityBarangays } from '../api/get-city-barangays.ts';
import { OfficialsImportSection } from './officials-import-section.tsx';
import { useExport } from './use-export.ts';

type Deadline = CityTurnoverRow['deadlines'][number];

/** A first deadline as the table shows it: done (the day), else days left, overdue, unknown. */
function DeadlineText({ deadline }: { deadline: Deadline }) {
  const t = useT();
  const name = t(`shell.city.turnover.deadline.${deadline.key}`);
  if (deadline.doneOn) {
    return <div>{t('shell.city.turnover.deadlineDone', { name, date: deadline.doneOn })}</div>;
  }
  if (!deadline.tracked) {
    return <div>{t('shell.city.turnover.deadlineUnknown', { name, date: deadline.dueOn })}</div>;
  }
  return (
    <div>
      {deadline.daysLeft < 0
        ? t('shell.city.turnover.deadlineOverdue', { name, date: deadline.dueOn })
        : t('shell.city.turnover.deadlineLeft', { name, days: deadline.daysLeft })}
    </div>
  );
}

/** A barangay's officials of the new term and their requirements, for the city to verify. */
function RequirementsDialog({ row, onClose }: { row: CityTurnoverRow; onClose: () => void }) {
  const t = useT();
  const query = useRequirements(row.code);
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth>
      <DialogTitle>{t('shell.city.turnover.requirementsOf', { name: row.name })}</DialogTitle>
      <DialogContent>
        {query.data ? (
          <RequirementsTable data={query.data} barangayCode={row.code} />
        ) : query.isError ? (
          <Alert severity="error">{errorMessage(query.error)}</Alert>
        ) : (
          <CircularProgress aria-label={t('shell.city.turnover.loading')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('shell.officials.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * `/city/turnover`: each barangay's SK Inventory Team (its order), the inventory's state and
 * counts, for the youth development office that receives the orders.
 */
export function CityTurnoverPage() {
  const t = useT();
  useDocumentTitle(t('shell.city.turnover.title'));
  const query = useCityTurnover();
  const { exporting, run } = useExport(downloadCityTurnover);
  const [pending, setPending] = useState<string | null>(null);
  const [opened, setOpened] = useState<CityTurnoverRow | null>(null);
  const city = useCityBarangays();
  const imports = city.data?.role === 'CA' || city.data?.role === 'CYDO';
  const openOrder = async (code: string) => {
    setPending(code);
    try {
      await downloadBarangayOrder(code);
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setPending(null);
    }
  };
  if (query.isError) {
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  }
  if (!query.data) {
    return <CircularProgress aria-label={t('shell.city.turnover.loading')} />;
  }
  const data = query.data;
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
        {t('shell.city.turnover.title')}
      </Typography>
      <Typography color="text.secondary">
        {t('shell.city.turnover.summary', {
          start: data.term.startsOn,
          end: data.term.endsOn,
          teams: String(data.totals.teams),
          signed: String(data.totals.signed),
          barangays: String(data.totals.barangays),
        })}
      </Typography>
      {data.incoming ? (
        <Typography color="text.secondary" data-testid="city-turnover-incoming">
          {t('shell.city.turnover.incoming', {
            start: data.incoming.startsOn,
            chairs: String(data.totals.chairsIn),
            barangays: String(data.totals.barangays),
            done: String(data.totals.requirementsDone),
            total: String(data.totals.requirementsTotal),
          })}
        </Typography>
      ) : null}
      {imports ? <OfficialsImportSection barangays={data.rows} /> : null}
      <Box>
        <Button
          variant="outlined"
          startIcon={<Download />}
          disabled={exporting}
          onClick={() => void run()}
        >
          {t('shell.city.turnover.export')}
        </Button>
      </Box>
      <ScrollRegion label={t('shell.city.turnover.title')}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('shell.city.turnover.barangay')}</TableCell>
              <TableCell>{t('shell.city.turnover.order')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.members')}</TableCell>
              <TableCell>{t('shell.city.turnover.state')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.rows')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.missing')}</TableCell>
              <TableCell>{t('shell.city.turnover.chairIn')}</TableCell>
              <TableCell align="right">{t('shell.city.turnover.membersIn')}</TableCell>
              <TableCell>{t('shell.city.turnover.requirements')}</TableCell>
              <TableCell sx={{ minWidth: 220 }}>{t('shell.city.turnover.deadlines')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <TableRow key={row.code}>
                <TableCell>{row.name}</TableCell>
                <TableCell>
                  {row.team ? (
                    <Button
                      size="small"
                      disabled={pending === row.code}
                      onClick={() => void openOrder(row.code)}
                    >
                      {t('shell.city.turnover.orderOf', {
                        number: row.team.orderNumber,
                        date: row.team.orderDate,
                      })}
                    </Button>
                  ) : (
                    t('shell.city.turnover.noTeam')
                  )}
                </TableCell>
                <TableCell align="right">{row.team?.members ?? ''}</TableCell>
                <TableCell>
                  {t(`shell.turnover.state.${row.state.replace(' ', '-')}`)}
                  {row.signedOn ? ` (${row.signedOn})` : ''}
                </TableCell>
                <TableCell align="right">{row.rows}</TableCell>
                <TableCell align="right">{row.missing}</TableCell>
                <TableCell>
                  {t(row.officialsIn.chair ? 'shell.city.turnover.yes' : 'shell.city.turnover.no')}
                </TableCell>
                <TableCell align="right">
                  {t('shell.city.turnover.ofExpected', {
                    n: String(row.officialsIn.members),
                    expected: String(row.officialsIn.expected),
                  })}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => setOpened(row)}
                    aria-label={t('shell.city.turnover.requirementsOf', { name: row.name })}
                  >
                    {t('shell.city.turnover.requirementsCount', {
                      done: String(row.requirementsDone.done),
                      total: String(row.requirementsDone.total),
                      verified: String(row.requirementsDone.verified),
                    })}
                  </Button>
                </TableCell>
                <TableCell>
                  {row.deadlines.map((d) => (
                    <DeadlineText key={d.key} deadline={d} />
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {opened ? <RequirementsDialog row={opened} onClose={() => setOpened(null)} /> : null}
    </Box>
  );
}
