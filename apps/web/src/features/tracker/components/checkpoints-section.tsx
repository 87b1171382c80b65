import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Done from '@mui/icons-material/Done';
import { toast } from '../../../lib/toast.ts';
import {
  TRACKER_MAX_CHECKPOINTS,
  type Checkpoint,
  type CheckpointInput,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDeleteCheckpoint, useSaveCheckpoint } from '../api/checkpoints.ts';
import { dayText, manilaToday } from '../lib/dates.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { DeletionDialog, EditDeleteButtons, RecordTable, useDeletion } from './section-parts.tsx';

interface Editing {
  /** The checkpoint edited, or null for a new one. */
  checkpoint: Checkpoint | null;
  values: { title: string; dueOn: string; doneOn: string; note: string };
}

const emptyValues = { title: '', dueOn: '', doneOn: '', note: '' };

/** The key of what is missing before saving, or null. */
function problemOf(values: Editing['values']): string | null {
  if (values.title.trim() === '') {
    return 'tracker.checkpoints.titleRequired';
  }
  if (values.dueOn === '') {
    return 'tracker.checkpoints.dueRequired';
  }
  return null;
}

const bodyOf = (values: Editing['values']): CheckpointInput => ({
  title: values.title.trim(),
  dueOn: values.dueOn,
  doneOn: values.doneOn === '' ? null : values.doneOn,
  note: values.note,
});

const inputOf = (checkpoint: Checkpoint): CheckpointInput => ({
  title: checkpoint.title,
  dueOn: checkpoint.dueOn,
  doneOn: checkpoint.doneOn,
  note: checkpoint.note,
});

/** The item's checkpoints: add, edit, mark done, delete (officers); read only for others. */
export function CheckpointsSection({ item, readOnly }: { item: TrackerItem; readOnly: boolean }) {
  const t = useT();
  const save = useSaveCheckpoint();
  const remove = useDeleteCheckpoint();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deletion = useDeletion<Checkpoint>(remove, 'tracker.checkpoints.deleted');
  const full = item.checkpointList.length >= TRACKER_MAX_CHECKPOINTS;

  const open = (checkpoint: Checkpoint | null) => {
    setError(null);
    setEditing({
      checkpoint,
      values: checkpoint
        ? {
            title: checkpoint.title,
            dueOn: checkpoint.dueOn,
            doneOn: checkpoint.doneOn ?? '',
            note: checkpoint.note,
          }
        : { ...emptyValues },
    });
  };

  const submit = () => {
    if (!editing) {
      return;
    }
    const problem = problemOf(editing.values);
    if (problem) {
      setError(t(problem));
      return;
    }
    const body = bodyOf(editing.values);
    save.mutate(
      editing.checkpoint ? { id: editing.checkpoint.id, body } : { itemId: item.id, body },
      {
        onSuccess: () => {
          setEditing(null);
          toast.success(t('tracker.checkpoints.saved'));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const markDone = (checkpoint: Checkpoint) => {
    save.mutate(
      { id: checkpoint.id, body: { ...inputOf(checkpoint), doneOn: manilaToday() } },
      {
        onSuccess: () => toast.success(t('tracker.checkpoints.saved')),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };

  const field = (key: keyof Editing['values']) => ({
    value: editing?.values[key] ?? '',
    onChange: (event: { target: { value: string } }) =>
      setEditing((current) =>
        current ? { ...current, values: { ...current.values, [key]: event.target.value } } : null,
      ),
  });

  return (
    <Box>
      <RecordTable
        label={t('tracker.item.checkpoints')}
        columns={[
          { label: t('tracker.checkpoints.column.checkpoint') },
          { label: t('tracker.checkpoints.column.due') },
          { label: t('tracker.checkpoints.column.done') },
        ]}
        actions={!readOnly}
        empty={item.checkpointList.length === 0}
        emptyText={t('tracker.checkpoints.empty')}
      >
        {item.checkpointList.map((checkpoint) => (
          <TableRow key={checkpoint.id} data-checkpoint={checkpoint.title}>
            <TableCell component="th" scope="row">
              <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{checkpoint.title}</Typography>
              {checkpoint.note ? (
                <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
                  {checkpoint.note}
                </Typography>
              ) : null}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {dayText(checkpoint.dueOn)}
              {checkpoint.overdue ? (
                <Chip
                  size="small"
                  color="error"
                  label={t('tracker.checkpoints.overdue')}
                  sx={{ ml: 1 }}
                />
              ) : null}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {checkpoint.doneOn ? dayText(checkpoint.doneOn) : t('tracker.checkpoints.notYet')}
            </TableCell>
            {readOnly ? null : (
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {checkpoint.doneOn ? null : (
                  <Tooltip title={t('tracker.checkpoints.markDoneTip')}>
                    <IconButton
                      aria-label={t('tracker.checkpoints.markDone', {
                        title: checkpoint.title,
                      })}
                      onClick={() => markDone(checkpoint)}
                      disabled={save.isPending}
                      size="small"
                    >
                      <Done fontSize="small" />
                    </IconButton>
                  </Tooltip>
                )}
                <EditDeleteButtons
                  editLabel={t('tracker.checkpoints.edit', { title: checkpoint.title })}
                  deleteLabel={t('tracker.checkpoints.delete', { title: checkpoint.title })}
                  onEdit={() => open(checkpoint)}
                  onDelete={() => deletion.ask(checkpoint)}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </RecordTable>
      {readOnly ? null : (
        <Button
          variant="outlined"
          startIcon={<Add />}
          onClick={() => open(null)}
          disabled={full}
          title={
            full ? t('tracker.checkpoints.tooMany', { max: TRACKER_MAX_CHECKPOINTS }) : undefined
          }
        >
          {t('tracker.checkpoints.add')}
        </Button>
      )}
      <FormDialog
        open={editing !== null}
        title={
          editing?.checkpoint
            ? t('tracker.checkpoints.editTitle')
            : t('tracker.checkpoints.addTitle')
        }
        submitLabel={t('tracker.checkpoints.save')}
        busy={save.isPending}
        error={error}
        onSubmit={submit}
        onClose={() => setEditing(null)}
      >
        <TextField
          label={t('tracker.checkpoints.field.title')}
          required
          autoFocus
          slotProps={{ htmlInput: { maxLength: 200 } }}
          {...field('title')}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            type="date"
            label={t('tracker.checkpoints.field.due')}
            required
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('dueOn')}
          />
          <TextField
            type="date"
            label={t('tracker.checkpoints.field.done')}
            helperText={t('tracker.checkpoints.field.doneHelp')}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('doneOn')}
          />
        </Box>
        <TextField
          label={t('tracker.field.note')}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 1000 } }}
          {...field('note')}
        />
      </FormDialog>
      <DeletionDialog deletion={deletion} title={t('tracker.checkpoints.deleteTitle')}>
        {t('tracker.checkpoints.deleteConfirm', { title: deletion.deleting?.title ?? '' })}
      </DeletionDialog>
    </Box>
  );
}
