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
  TRACKER_MESSAGES,
  formatPlanPeso,
  type Disbursement,
  type DisbursementInput,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteDisbursement, useSaveDisbursement } from '../api/disbursements.ts';
import { dayText } from '../lib/dates.ts';
import { DisbursementDialog } from './disbursement-dialog.tsx';

function ByClassTable({ item }: { item: TrackerItem }) {
  const { spending } = item;
  return (
    <ScrollRegion label="Spending by class">
      <Table size="small" aria-label="Spending by class" sx={{ mb: 3 }}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Class
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Appropriated
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Disbursed
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Balance
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
              Total
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
      onSuccess: (answer) => {
        setEditing(null);
        toast.success(answer.message || TRACKER_MESSAGES.disbursementSaved);
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: (answer) => {
        setDeleting(null);
        toast.success(answer.message || TRACKER_MESSAGES.disbursementDeleted);
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
        Disbursements
      </Typography>
      {item.disbursements.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          No disbursements recorded yet.
        </Typography>
      ) : (
        <ScrollRegion label="Disbursements">
          <Table size="small" aria-label="Disbursements" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Date
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  Amount
                </TableCell>
                <TableCell component="th" scope="col">
                  Class
                </TableCell>
                <TableCell component="th" scope="col">
                  Reference
                </TableCell>
                <TableCell component="th" scope="col">
                  Note
                </TableCell>
                <TableCell component="th" scope="col">
                  Recorded by
                </TableCell>
                {readOnly ? null : (
                  <TableCell component="th" scope="col" align="right">
                    Actions
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
                        aria-label={`Edit disbursement ${d.reference}`}
                        onClick={() => open(d)}
                        size="small"
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Delete disbursement ${d.reference}`}
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
              {TRACKER_MESSAGES.notInPlan}
            </Alert>
          )}
          <Button
            variant="outlined"
            startIcon={<Add />}
            onClick={() => open(null)}
            disabled={!item.inPlan || full}
          >
            Record a disbursement
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
        title="Delete the disbursement"
        confirmLabel="Delete"
        color="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting
          ? `Delete the disbursement ${deleting.reference} of ${formatPlanPeso(deleting.amount)} on ${dayText(deleting.date)}? The change is kept in the audit trail.`
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
