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
export function PlanProgramTable({ totals, caption }: { totals: PlanTotals; caption: string }) {
  const all: PlanAmounts = {
    ps: totals.ps,
    mooe: totals.mooe,
    co: totals.co,
    total: totals.appropriations,
  };
  return (
    <Box sx={{ overflowX: 'auto' }}>
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
    </Box>
  );
}
