import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  PLAN_PROGRAM_NAMES,
  formatPlanPeso,
  type PlanAmounts,
  type PlanTotals,
} from '@sk-tanaw/contract';
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
 * honoraria schedule counted in the General Administration Program's personal services.
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
            row(PLAN_PROGRAM_NAMES[program], totals.byProgram[program], false),
          )}
          {row('Total appropriations', all, true)}
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
              Program
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              <abbr title="Personal services">PS</abbr>
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              <abbr title="Maintenance and other operating expenses">MOOE</abbr>
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              <abbr title="Capital outlay">CO</abbr>
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Total
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(['GAP', 'YDEP'] as const).map((program) => (
            <TableRow key={program}>
              <TableCell component="th" scope="row">
                {PLAN_PROGRAM_NAMES[program]}
              </TableCell>
              <AmountCells amounts={totals.byProgram[program]} />
            </TableRow>
          ))}
          <TableRow sx={{ bgcolor: 'grey.100' }}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              Total appropriations
            </TableCell>
            <AmountCells amounts={all} strong />
          </TableRow>
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
