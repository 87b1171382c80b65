import { useState } from 'react';
import type { ChangeEvent, SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import UploadFile from '@mui/icons-material/UploadFile';
import { useLocation } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import {
  KK_ASSEMBLY_KINDS,
  can,
  formatManilaDate,
  type KkAssembly,
  type KkAssemblyKind,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { YouthPlanHeading } from '../../cbydp/components/youth-plan-heading.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { displayLocale } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  downloadMinutes,
  useAssemblies,
  useCreateAssembly,
  useDeleteAssembly,
  useUploadMinutes,
} from '../api.ts';

/** 'Mar 14, 2026' for a calendar date, in the language shown. */
export const dateText = (day: string) => formatManilaDate(`${day}T12:00:00+08:00`, displayLocale());

const kindLabel = (kind: KkAssemblyKind, t: ReturnType<typeof useT>) =>
  kind === 'regular'
    ? t('plans.cbydp.assemblies.kind.regular')
    : t('plans.cbydp.assemblies.kind.special');

function RecordForm() {
  const t = useT();
  const create = useCreateAssembly();
  const [heldOn, setHeldOn] = useState('');
  const [kind, setKind] = useState<KkAssemblyKind>('regular');
  const [agenda, setAgenda] = useState('');
  const [attendance, setAttendance] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { heldOn, kind, agenda, attendance: Number(attendance) },
      {
        onSuccess: () => {
          toast.success(t('plans.cbydp.assemblies.recorded'));
          setHeldOn('');
          setAgenda('');
          setAttendance('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Paper component="form" onSubmit={onSubmit} sx={{ p: 3, mb: 3 }} aria-labelledby="record-title">
      <Typography id="record-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('plans.cbydp.assemblies.record')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('plans.cbydp.assemblies.heldOn')}
          type="date"
          required
          value={heldOn}
          onChange={(e) => setHeldOn(e.target.value)}
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label={t('plans.cbydp.assemblies.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as KkAssemblyKind)}
          size="small"
          sx={{ minWidth: 150 }}
        >
          {KK_ASSEMBLY_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {kindLabel(k, t)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('plans.cbydp.assemblies.attendance')}
          required
          value={attendance}
          onChange={(e) => setAttendance(e.target.value.replace(/\D/g, ''))}
          size="small"
          sx={{ width: 150 }}
          helperText={t('plans.cbydp.assemblies.attendanceHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
        />
        <TextField
          label={t('plans.cbydp.assemblies.agenda')}
          required
          multiline
          minRows={2}
          value={agenda}
          onChange={(e) => setAgenda(e.target.value)}
          size="small"
          sx={{ flex: '1 1 320px' }}
        />
        <Button type="submit" variant="contained" startIcon={<Add />} disabled={create.isPending}>
          {t('plans.cbydp.assemblies.submit')}
        </Button>
      </Box>
    </Paper>
  );
}

function MinutesCell({ assembly, canEdit }: { assembly: KkAssembly; canEdit: boolean }) {
  const t = useT();
  const upload = useUploadMinutes();
  const inputId = `minutes-${String(assembly.id)}`;
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) {
      return;
    }
    upload.mutate(
      { id: assembly.id, file },
      {
        onSuccess: () => toast.success(t('plans.cbydp.assemblies.minutesSaved')),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {assembly.minutes ? (
        <Link
          component="button"
          type="button"
          sx={{ textAlign: 'left' }}
          onClick={() => {
            downloadMinutes(assembly.id, assembly.minutes?.fileName ?? 'minutes.pdf').catch(
              (e: unknown) => toast.error(errorMessage(e)),
            );
          }}
        >
          {assembly.minutes.fileName}
        </Link>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('plans.cbydp.assemblies.noMinutes')}
        </Typography>
      )}
      {canEdit && (
        <>
          <input
            id={inputId}
            type="file"
            accept="application/pdf,.pdf"
            hidden
            onChange={onFile}
            aria-label={t('plans.cbydp.assemblies.uploadFor', { date: dateText(assembly.heldOn) })}
          />
          <Button
            component="label"
            htmlFor={inputId}
            size="small"
            startIcon={<UploadFile />}
            disabled={upload.isPending}
          >
            {assembly.minutes
              ? t('plans.cbydp.assemblies.replaceMinutes')
              : t('plans.cbydp.assemblies.uploadMinutes')}
          </Button>
        </>
      )}
    </Box>
  );
}

/** /kk/assemblies (and /admin/kk/assemblies, read only): the KK assemblies of the barangay. */
export function AssembliesPage() {
  const t = useT();
  useDocumentTitle(t('plans.cbydp.assemblies.title'));
  const { user } = useAuth();
  const admin = useLocation().pathname.startsWith('/admin');
  const canEdit = can(user, 'plan.edit');
  const assemblies = useAssemblies();
  const remove = useDeleteAssembly();
  const [deleting, setDeleting] = useState<KkAssembly | null>(null);
  const rows = assemblies.data ?? [];

  return (
    <Box>
      <YouthPlanHeading
        title={t('plans.cbydp.assemblies.title')}
        intro={t('plans.cbydp.assemblies.intro')}
        companion={{
          to: admin ? '/admin/cbydp' : '/cbydp',
          label: t('plans.cbydp.assemblies.toCbydp'),
        }}
        editor={canEdit ? <RecordForm /> : null}
      />
      <TitledSection id="assemblies" title={t('plans.cbydp.assemblies.heading')}>
        <ListState
          error={assemblies.error}
          errorText={errorMessage}
          loading={assemblies.isPending}
          loadingLabel={t('plans.cbydp.assemblies.loading')}
          empty={rows.length === 0}
          emptyText={t('plans.cbydp.assemblies.empty')}
        />
        {rows.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table aria-label={t('plans.cbydp.assemblies.heading')}>
              <TableHead>
                <TableRow>
                  {[
                    t('plans.cbydp.assemblies.column.heldOn'),
                    t('plans.cbydp.assemblies.column.kind'),
                    t('plans.cbydp.assemblies.column.agenda'),
                    t('plans.cbydp.assemblies.column.attendance'),
                    t('plans.cbydp.assemblies.column.minutes'),
                    t('plans.cbydp.assemblies.column.concurred'),
                  ].map((label, i) => (
                    <TableCell
                      key={label}
                      component="th"
                      scope="col"
                      align={i === 3 ? 'right' : 'left'}
                    >
                      {label}
                    </TableCell>
                  ))}
                  {canEdit && (
                    <TableCell component="th" scope="col">
                      {t('plans.cbydp.assemblies.column.actions')}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((a) => (
                  <TableRow key={a.id}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      {dateText(a.heldOn)}
                    </TableCell>
                    <TableCell>{kindLabel(a.kind, t)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'pre-line', maxWidth: 420 }}>{a.agenda}</TableCell>
                    <TableCell align="right">
                      {a.attendance.toLocaleString(displayLocale())}
                    </TableCell>
                    <TableCell>
                      <MinutesCell assembly={a} canEdit={canEdit} />
                    </TableCell>
                    <TableCell>{a.concurredIn.join(', ') || '—'}</TableCell>
                    {canEdit && (
                      <TableCell>
                        <Button
                          size="small"
                          color="error"
                          disabled={a.concurredIn.length > 0}
                          onClick={() => setDeleting(a)}
                          aria-label={t('plans.cbydp.assemblies.deleteOf', {
                            date: dateText(a.heldOn),
                          })}
                        >
                          {t('plans.cbydp.assemblies.delete')}
                        </Button>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </TitledSection>
      <ConfirmDialog
        open={deleting !== null}
        title={t('plans.cbydp.assemblies.deleteTitle')}
        confirmLabel={t('plans.cbydp.assemblies.delete')}
        color="error"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) {
            return;
          }
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('plans.cbydp.assemblies.deleted'));
              setDeleting(null);
            },
            onError: (e) => toast.error(errorMessage(e)),
          });
        }}
      >
        {deleting
          ? t('plans.cbydp.assemblies.deleteText', { date: dateText(deleting.heldOn) })
          : ''}
      </ConfirmDialog>
    </Box>
  );
}
