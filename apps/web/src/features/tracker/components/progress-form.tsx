import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import Save from '@mui/icons-material/Save';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast.ts';
import { TRACKER_STATUSES, type TrackerItem, type TrackerStatus } from '@sk-tanaw/contract';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus, serverMessageOr } from '../../../lib/api-errors.ts';
import { trackerKeys } from '../../../lib/tracker-keys.ts';
import { trackerStatusLabel } from '../../../lib/tracker-labels.ts';
import { getTrackerItem } from '../api/get-tracker-item.ts';
import { useUpdateItem } from '../api/update-item.ts';
import {
  progressBodyOf,
  progressProblems,
  useProgressDraft,
  type ProgressFields,
} from '../hooks/use-progress-draft.ts';

type DateField = 'plannedStart' | 'plannedEnd' | 'actualStart' | 'actualEnd';

const DATE_FIELDS: { key: DateField; labelKey: string }[] = [
  { key: 'plannedStart', labelKey: 'tracker.progress.plannedStart' },
  { key: 'plannedEnd', labelKey: 'tracker.progress.plannedEnd' },
  { key: 'actualStart', labelKey: 'tracker.progress.actualStart' },
  { key: 'actualEnd', labelKey: 'tracker.progress.actualEnd' },
];

/**
 * The item's status, dates, accomplishment and remarks. Saved with the version the edits started
 * from; when someone else saved in between (409) the edits stay on screen with the reason and a
 * way to reload, as in the plan editor. On a phone (below 1024 px) the fields are full size and
 * the save button spans the screen, held at its bottom while the form is in view and has
 * changes: in the thumb's reach.
 */
export function ProgressForm({ item, readOnly }: { item: TrackerItem; readOnly: boolean }) {
  const t = useT();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  const size = narrow ? 'medium' : 'small';
  const queryClient = useQueryClient();
  const { draft, base, dirty, setField, reset } = useProgressDraft(item);
  const update = useUpdateItem();
  const [conflict, setConflict] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const problems = progressProblems(draft, t('tracker.progress.datesOrder'));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (readOnly || update.isPending || Object.keys(problems).length > 0) {
      return;
    }
    setSaveError(null);
    update.mutate(
      { id: item.id, body: progressBodyOf(draft, base.version) },
      {
        onSuccess: (answer) => {
          setConflict(null);
          reset(answer.item);
          toast.success(t('tracker.progress.saved'));
        },
        onError: (error) => {
          if (errorStatus(error) === 409) {
            setConflict(serverMessageOr(error, t('tracker.progress.stale')));
          } else {
            setSaveError(errorMessage(error));
          }
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await getTrackerItem(item.id);
      queryClient.setQueryData(trackerKeys.item(item.id), fresh);
      reset(fresh);
      setConflict(null);
      setSaveError(null);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setReloading(false);
    }
  };

  const text = (key: keyof ProgressFields) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setField(key, event.target.value),
    disabled: readOnly,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('tracker.item.progress')}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          mb: 2,
        }}
      >
        <TextField
          select
          label={t('tracker.progress.status')}
          size={size}
          value={draft.status}
          disabled={readOnly}
          onChange={(event) => setField('status', event.target.value as TrackerStatus)}
        >
          {TRACKER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {trackerStatusLabel(t, status)}
            </MenuItem>
          ))}
        </TextField>
        {DATE_FIELDS.map(({ key, labelKey }) => (
          <TextField
            key={key}
            type="date"
            label={t(labelKey)}
            size={size}
            {...text(key)}
            error={problems[key] !== undefined}
            helperText={problems[key]}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          mb: 2,
        }}
      >
        <TextField
          label={t('tracker.progress.accomplishment')}
          multiline
          minRows={3}
          helperText={readOnly ? ' ' : t('tracker.progress.accomplishmentHelp')}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          {...text('accomplishment')}
        />
        <TextField
          label={t('tracker.progress.remarks')}
          multiline
          minRows={3}
          helperText=" "
          slotProps={{ htmlInput: { maxLength: 2000 } }}
          {...text('remarks')}
        />
      </Box>
      {conflict ? (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void reload()} disabled={reloading}>
              {reloading ? t('tracker.progress.reloading') : t('tracker.progress.reload')}
            </Button>
          }
        >
          {t('tracker.progress.conflict', { reason: conflict })}
        </Alert>
      ) : null}
      {saveError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setSaveError(null)}>
          {saveError}
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Box
          sx={
            narrow
              ? {
                  display: 'flex',
                  flexDirection: 'column-reverse',
                  alignItems: 'stretch',
                  gap: 0.5,
                  // Held at the screen's bottom while there are changes to save.
                  position: dirty ? 'sticky' : 'static',
                  bottom: 0,
                  zIndex: 1,
                  bgcolor: 'background.paper',
                  py: 1,
                }
              : { display: 'flex', alignItems: 'center', gap: 2 }
          }
        >
          <Button
            type="submit"
            variant="contained"
            startIcon={<Save />}
            disabled={update.isPending || conflict !== null || !dirty}
            fullWidth={narrow}
            sx={narrow ? { minHeight: 48 } : undefined}
          >
            {update.isPending ? t('tracker.form.saving') : t('tracker.progress.save')}
          </Button>
          <Typography
            sx={{
              fontSize: 13,
              color: 'warning.dark',
              fontWeight: 600,
              visibility: dirty ? 'visible' : 'hidden',
            }}
            aria-hidden={!dirty}
          >
            {t('tracker.progress.unsaved')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
