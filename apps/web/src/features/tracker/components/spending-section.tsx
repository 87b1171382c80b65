import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Add from '@mui/icons-material/Add';
import { toast } from '../../../lib/toast.ts';
import {
  EXPENSE_CLASSES,
  TRACKER_MAX_DISBURSEMENTS,
  formatPlanPeso,
  type Disbursement,
  type DisbursementInput,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDeleteDisbursement, useSaveDisbursement } from '../api/disbursements.ts';
import { dayText } from '../lib/dates.ts';
import { DisbursementDialog } from './disbursement-dialog.tsx';
import { ByClassCards, DisbursementCards } from './spending-cards.tsx';
import {
  ColumnHeads,
  DeletionDialog,
  EditDeleteButtons,
  RecordTable,
  useDeletion,
} from './section-parts.tsx';

function ByClassTable({ item }: { item: TrackerItem }) {
  const t = useT();
  const { spending } = item;
  return (
    <ScrollRegion label={t('tracker.spending.byClass')}>
      <Table size="small" aria-label={t('tracker.spending.byClass')} sx={{ mb: 3 }}>
        <ColumnHeads
          columns={[
            { label: t('tracker.disbursement.field.class') },
            { label: t('tracker.figures.appropriated'), align: 'right' },
            { label: t('tracker.figures.disbursed'), align: 'right' },
            { label: t('tracker.figures.balance'), align: 'right' },
          ]}
        />
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

/** The disbursements as a table (a wide screen). */
function DisbursementsTable({
  item,
  readOnly,
  onEdit,
  onDelete,
}: {
  item: TrackerItem;
  readOnly: boolean;
  onEdit: (disbursement: Disbursement) => void;
  onDelete: (disbursement: Disbursement) => void;
}) {
  const t = useT();
  return (
    <RecordTable
      label={t('tracker.spending.disbursements')}
      columns={[
        { label: t('tracker.disbursement.field.date') },
        { label: t('tracker.spending.column.amount'), align: 'right' },
        { label: t('tracker.disbursement.field.class') },
        { label: t('tracker.disbursement.field.reference') },
        { label: t('tracker.field.note') },
        { label: t('tracker.spending.column.recordedBy') },
      ]}
      actions={!readOnly}
      empty={item.disbursements.length === 0}
      emptyText={t('tracker.spending.empty')}
    >
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
              <EditDeleteButtons
                editLabel={t('tracker.disbursement.edit', { reference: d.reference })}
                deleteLabel={t('tracker.disbursement.delete', { reference: d.reference })}
                onEdit={() => onEdit(d)}
                onDelete={() => onDelete(d)}
              />
            </TableCell>
          )}
        </TableRow>
      ))}
    </RecordTable>
  );
}

/**
 * What the line appropriated and spent, by class, and its disbursements (add, edit, delete): as
 * tables on a wide screen, as cards on a phone (below 1024 px), which the page never scrolls
 * sideways for.
 */
export function SpendingSection({ item, readOnly }: { item: TrackerItem; readOnly: boolean }) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const save = useSaveDisbursement();
  const remove = useDeleteDisbursement();
  const [editing, setEditing] = useState<{ disbursement: Disbursement | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeletion<Disbursement>(remove, 'tracker.disbursement.deleted');
  const { deleting } = deletion;
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

  return (
    <Box>
      {narrow ? <ByClassCards item={item} /> : <ByClassTable item={item} />}
      <Typography component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('tracker.spending.disbursements')}
      </Typography>
      {narrow ? (
        <DisbursementCards
          disbursements={item.disbursements}
          readOnly={readOnly}
          onEdit={open}
          onDelete={deletion.ask}
        />
      ) : (
        <DisbursementsTable item={item} readOnly={readOnly} onEdit={open} onDelete={deletion.ask} />
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
            fullWidth={narrow}
            sx={narrow ? { minHeight: 48 } : undefined}
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
      <DeletionDialog deletion={deletion} title={t('tracker.disbursement.deleteTitle')}>
        {deleting
          ? t('tracker.disbursement.deleteConfirm', {
              reference: deleting.reference,
              amount: formatPlanPeso(deleting.amount),
              date: dayText(deleting.date),
            })
          : ''}
      </DeletionDialog>
    </Box>
  );
}
