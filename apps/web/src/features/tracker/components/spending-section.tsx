import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import { toast } from 'react-toastify';
import {
  EXPENSE_CLASSES,
  TRACKER_MAX_DISBURSEMENTS,
  formatPlanPeso,
  type Disbursement,
  type DisbursementInput,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteDisbursement, useSaveDisbursement } from '../api/disbursements.ts';
import { dayText } from '../lib/dates.ts';
import { DisbursementDialog } from './disbursement-dialog.tsx';

function ByClassTable({ item }: { item: TrackerItem }) {
  const t = useT();
  const { spending } = item;
  return (
    <ScrollRegion label={t('tracker.spending.byClass')}>
      <Table size="small" aria-label={t('tracker.spending.byClass')} sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('tracker.disbursement.field.class')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('tracker.figures.appropriated')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('tracker.figures.disbursed')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('tracker.figures.balance')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {EXPENSE_CLASSES.map((c) => {
            const appropriated = item.appropriatedByClass[c];
            const disbursed = item.disbursedByClass[c];
            return (
              <TableRow key={c} data-class={c}>
                <TableCell component="th" scope="row">
                  {c}
                </TableCell>
                <TableCell align="right">{formatPlanPeso(appropriated)}</TableCell>
                <TableCell align="right">{formatPlanPeso(disbursed)}</TableCell>
                <TableCell align="right">{formatPlanPeso(appropriated - disbursed)}</TableCell>
              </TableRow>
            );
          })}
          <TableRow sx={{ bgcolor: 'grey.100' }} data-class="total">
            <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
              {t('tracker.spending.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatPlanPeso(spending.appropriated)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatPlanPeso(spending.disbursed)}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatPlanPeso(spending.balance)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

/** What the line appropriated and spent, by class, and its disbursements (add, edit, delete). */
export function SpendingSection({ item, readOnly }: { item: TrackerItem; readOnly: boolean }) {
  const t = useT();
  const save = useSaveDisbursement();
  const remove = useDeleteDisbursement();
  const [editing, setEditing] = useState<{ disbursement: Disbursement | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Disbursement | null>(null);
  const full = item.disbursements.length >= TRACKER_MAX_DISBURSEMENTS;

  const open = (disbursement: Disbursement | null) => {
    setError(null);
    setEditing({ disbursement });
  };

  const submit = (body: DisbursementInput) => {
    const current = editing?.disbursement ?? null;
    setError(null);
    save.mutate(current ? { id: current.id, body } : { itemId: item.id, body }, {
      onSuccess: () => {
        setEditing(null);
        toast.success(t('tracker.disbursement.saved'));
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('tracker.disbursement.deleted'));
      },
      onError: (failure) => {
        setDeleting(null);
        toast.error(errorMessage(failure));
      },
    });
  };

  return (
    <Box>
      <ByClassTable item={item} />
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('tracker.spending.disbursements')}
      </Typography>
      {item.disbursements.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('tracker.spending.empty')}
        </Typography>
      ) : (
        <ScrollRegion label={t('tracker.spending.disbursements')}>
          <Table size="small" aria-label={t('tracker.spending.disbursements')} sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('tracker.disbursement.field.date')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('tracker.spending.column.amount')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('tracker.disbursement.field.class')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('tracker.disbursement.field.reference')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('tracker.field.note')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('tracker.spending.column.recordedBy')}
                </TableCell>
                {readOnly ? null : (
                  <TableCell component="th" scope="col" align="right">
                    {t('tracker.column.actions')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {item.disbursements.map((d) => (
                <TableRow key={d.id} data-reference={d.reference}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dayText(d.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPlanPeso(d.amount)}
                  </TableCell>
                  <TableCell>{d.expenseClass}</TableCell>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 400 }}>
                    {d.reference}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{d.note}</TableCell>
                  <TableCell sx={{ fontSize: 13 }}>
                    {d.recordedBy}
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                      {formatDateTime(d.recordedAt)}
                    </Box>
                  </TableCell>
                  {readOnly ? null : (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton
                        aria-label={t('tracker.disbursement.edit', { reference: d.reference })}
                        onClick={() => open(d)}
                        size="small"
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={t('tracker.disbursement.delete', { reference: d.reference })}
                        onClick={() => setDeleting(d)}
                        size="small"
                      >
                        <Delete fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      {readOnly ? null : (
        <>
          {item.inPlan ? null : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('tracker.disbursement.notInPlan')}
            </Alert>
          )}
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => open(null)}
            disabled={!item.inPlan || full}
          >
            {t('tracker.disbursement.add')}
          </Button>
        </>
      )}
      {editing ? (
        <DisbursementDialog
          item={item}
          disbursement={editing.disbursement}
          busy={save.isPending}
          error={error}
          onSubmit={submit}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('tracker.disbursement.deleteTitle')}
        confirmLabel={t('tracker.delete')}
        color="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? t('tracker.disbursement.deleteConfirm', {
              reference: deleting.reference,
              amount: formatPlanPeso(deleting.amount),
              date: dayText(deleting.date),
            })
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
