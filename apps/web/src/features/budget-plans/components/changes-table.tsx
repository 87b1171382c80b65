import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type PlanChange } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

const KIND_NAMES: Record<PlanChange['kind'], string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

const peso = (value: number | null) => (value === null ? '—' : formatPlanPeso(value));

/** A revision's differences from the approved plan it changes (as last saved). */
export function ChangesTable({ changes }: { changes: readonly PlanChange[] }) {
  if (changes.length === 0) {
    return (
      <Typography color="text.secondary">
        No differences from the approved plan yet (as last saved).
      </Typography>
    );
  }
  return (
    <ScrollRegion label="Changes from the approved plan">
      <Table size="small" aria-label="Changes from the approved plan">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Change
            </TableCell>
            <TableCell component="th" scope="col">
              Ref. code
            </TableCell>
            <TableCell component="th" scope="col">
              PPA
            </TableCell>
            <TableCell component="th" scope="col">
              Fields
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Before
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              After
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Difference
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change, i) => {
            const difference = (change.after ?? 0) - (change.before ?? 0);
            return (
              <TableRow key={`${change.referenceCode}-${String(i)}`}>
                <TableCell>{KIND_NAMES[change.kind]}</TableCell>
                <TableCell>{change.referenceCode}</TableCell>
                <TableCell>{change.ppa}</TableCell>
                <TableCell>{change.fields.join(', ') || '—'}</TableCell>
                <TableCell align="right">{peso(change.before)}</TableCell>
                <TableCell align="right">{peso(change.after)}</TableCell>
                <TableCell
                  align="right"
                  sx={{ fontWeight: 600, color: difference < 0 ? 'error.dark' : 'text.primary' }}
                >
                  {difference > 0 ? '+' : ''}
                  {formatPlanPeso(difference)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}
