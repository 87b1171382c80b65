import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Done from '@mui/icons-material/Done';
import Edit from '@mui/icons-material/Edit';
import { toast } from 'react-toastify';
import {
  TRACKER_MAX_CHECKPOINTS,
  type Checkpoint,
  type CheckpointInput,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDeleteCheckpoint, useSaveCheckpoint } from '../api/checkpoints.ts';
import { dayText, manilaToday } from '../lib/dates.ts';
import { FormDialog } from './form-dialog.tsx';

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
  const [deleting, setDeleting] = useState<Checkpoint | null>(null);
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

  const confirmDelete = () => {
    if (!deleting) {
      return;
    }
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast.success(t('tracker.checkpoints.deleted'));
      },
      onError: (failure) => {
        setDeleting(null);
        toast.error(errorMessage(failure));
      },
    });
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
      {item.checkpointList.length === 0 ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('tracker.checkpoints.empty')}
        </Typography>
      ) : (
        <ScrollRegion label={t('tracker.item.checkpoints')}>
          <Table size="small" aria-label={t('tracker.item.checkpoints')} sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('tracker.checkpoints.column.checkpoint')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('tracker.checkpoints.column.due')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('tracker.checkpoints.column.done')}
                </TableCell>
                {readOnly ? null : (
                  <TableCell component="th" scope="col" align="right">
                    {t('tracker.column.actions')}
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {item.checkpointList.map((checkpoint) => (
                <TableRow key={checkpoint.id} data-checkpoint={checkpoint.title}>
                  <TableCell component="th" scope="row">
                    <Typography sx={{ fontWeight: 600, fontSize: 14 }}>
                      {checkpoint.title}
                    </Typography>
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
                    {checkpoint.doneOn
                      ? dayText(checkpoint.doneOn)
                      : t('tracker.checkpoints.notYet')}
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
                      <IconButton
                        aria-label={t('tracker.checkpoints.edit', { title: checkpoint.title })}
                        onClick={() => open(checkpoint)}
                        size="small"
                      >
                        <Edit fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={t('tracker.checkpoints.delete', { title: checkpoint.title })}
                        onClick={() => setDeleting(checkpoint)}
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
      <ConfirmDialog
        open={deleting !== null}
        title={t('tracker.checkpoints.deleteTitle')}
        confirmLabel={t('tracker.delete')}
        color="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('tracker.checkpoints.deleteConfirm', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Box>
  );
}
