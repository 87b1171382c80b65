import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type PlanChange } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import type { Translate } from '../../../lib/plan-labels.ts';

function kindName(kind: PlanChange['kind'], t: Translate): string {
  if (kind === 'added') {
    return t('plans.changes.added');
  }
  return kind === 'removed' ? t('plans.changes.removed') : t('plans.changes.changed');
}

/** The compared fields (the server's names, shown as they are in English) in the language shown. */
function fieldName(field: string, t: Translate): string {
  switch (field) {
    case 'program':
      return t('plans.changes.field.program');
    case 'centre':
      return t('plans.changes.field.centre');
    case 'ppa':
      return t('plans.changes.field.ppa');
    case 'description':
      return t('plans.changes.field.description');
    case 'expectedResult':
      return t('plans.changes.field.expectedResult');
    case 'performanceIndicator':
      return t('plans.changes.field.performanceIndicator');
    case 'startMonth':
      return t('plans.changes.field.startMonth');
    case 'endMonth':
      return t('plans.changes.field.endMonth');
    case 'responsible':
      return t('plans.changes.field.responsible');
    case 'ps':
      return t('plans.changes.field.ps');
    case 'mooe':
      return t('plans.changes.field.mooe');
    case 'co':
      return t('plans.changes.field.co');
    case 'training':
      return t('plans.changes.field.training');
    case 'projectId':
      return t('plans.changes.field.projectId');
    case 'receipts':
      return t('plans.changes.field.receipts');
    case 'honoraria':
      return t('plans.changes.field.honoraria');
    default:
      return field;
  }
}

/** The rows the server adds for the receipts and the honoraria (their PPA is its English text). */
function changePpa(change: PlanChange, t: Translate): string {
  if (change.referenceCode === 'RECEIPTS' && change.ppa === 'Total receipts') {
    return t('plans.changes.receiptsRow');
  }
  if (
    change.referenceCode === 'HONORARIA' &&
    change.ppa === 'Honoraria schedule (personal services)'
  ) {
    return t('plans.changes.honorariaRow');
  }
  return change.ppa;
}

const peso = (value: number | null) => (value === null ? '—' : formatPlanPeso(value));

/** A revision's differences from the approved plan it changes (as last saved). */
export function ChangesTable({ changes }: { changes: readonly PlanChange[] }) {
  const t = useT();
  if (changes.length === 0) {
    return <Typography color="text.secondary">{t('plans.changes.none')}</Typography>;
  }
  return (
    <ScrollRegion label={t('plans.editor.section.changes')}>
      <Table size="small" aria-label={t('plans.editor.section.changes')}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('plans.changes.column.change')}
            </TableCell>
            <TableCell component="th" scope="col">
              {t('plans.column.refCode')}
            </TableCell>
            <TableCell component="th" scope="col">
              PPA
            </TableCell>
            <TableCell component="th" scope="col">
              {t('plans.changes.column.fields')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('plans.changes.column.before')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('plans.changes.column.after')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('plans.changes.column.difference')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {changes.map((change, i) => {
            const difference = (change.after ?? 0) - (change.before ?? 0);
            return (
              <TableRow key={`${change.referenceCode}-${String(i)}`}>
                <TableCell>{kindName(change.kind, t)}</TableCell>
                <TableCell>{change.referenceCode}</TableCell>
                <TableCell>{changePpa(change, t)}</TableCell>
                <TableCell>
                  {change.fields.map((field) => fieldName(field, t)).join(', ') || '—'}
                </TableCell>
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
