import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatPlanPeso, type PlanAmounts, type PlanTotals } from '@sk-tanaw/contract';
import { useT } from '../i18n/index.ts';
import { programName } from '../lib/plan-labels.ts';
import { ScrollRegion } from './scroll-region.tsx';

function AmountCells({ amounts, strong = false }: { amounts: PlanAmounts; strong?: boolean }) {
  const sx = strong ? { fontWeight: 700 } : undefined;
  return (
    <>
      <TableCell align="right" sx={sx}>
        {formatPlanPeso(amounts.ps)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatPlanPeso(amounts.mooe)}
      </TableCell>
      <TableCell align="right" sx={sx}>
        {formatPlanPeso(amounts.co)}
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: 700 }}>
        {formatPlanPeso(amounts.total)}
      </TableCell>
    </>
  );
}

/**
 * Part II, Expenditure Program: appropriations by program and class (PS, MOOE, CO), the
 * honoraria schedule counted in the General Administration Program's personal services. Its
 * texts are in the `plans` namespace: a page showing it loads that namespace.
 */
export function PlanProgramTable({
  totals,
  caption,
  compact = false,
}: {
  totals: PlanTotals;
  caption: string;
  /** Two columns (a phone): each program's classes under its name, its total beside. */
  compact?: boolean;
}) {
  const t = useT();
  const all: PlanAmounts = {
    ps: totals.ps,
    mooe: totals.mooe,
    co: totals.co,
    total: totals.appropriations,
  };
  if (compact) {
    const row = (name: string, amounts: PlanAmounts, strong: boolean) => (
      <TableRow key={name} sx={strong ? { bgcolor: 'grey.100' } : undefined}>
        <TableCell component="th" scope="row" sx={strong ? { fontWeight: 700 } : undefined}>
          {name}
          <Box
            component="span"
            sx={{ display: 'block', fontSize: 12, fontWeight: 400, color: 'text.secondary' }}
          >
            PS {formatPlanPeso(amounts.ps)} · MOOE {formatPlanPeso(amounts.mooe)} · CO{' '}
            {formatPlanPeso(amounts.co)}
          </Box>
        </TableCell>
        <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatPlanPeso(amounts.total)}
        </TableCell>
      </TableRow>
    );
    return (
      <Table size="small" aria-label={caption}>
        <TableBody>
          {(['GAP', 'YDEP'] as const).map((program) =>
            row(programName(program, t), totals.byProgram[program], false),
          )}
          {row(t('plans.programTable.total'), all, true)}
        </TableBody>
      </Table>
    );
  }
  return (
    <ScrollRegion label={caption}>
      <Table size="small" aria-label={caption}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('plans.programTable.program')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              <abbr title={t('plans.class.ps')}>PS</abbr>
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              <abbr title={t('plans.class.mooe')}>MOOE</abbr>
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              <abbr title={t('plans.class.co')}>CO</abbr>
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('plans.programTable.totalColumn')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(['GAP', 'YDEP'] as const).map((program) => (
            <TableRow key={program}>
              <TableCell component="th" scope="row">
                {programName(program, t)}
              </TableCell>
              <AmountCells amounts={totals.byProgram[program]} />
            </TableRow>
          ))}
          <TableRow sx={{ bgcolor: 'grey.100' }}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              {t('plans.programTable.total')}
            </TableCell>
            <AmountCells amounts={all} strong />
          </TableRow>
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
