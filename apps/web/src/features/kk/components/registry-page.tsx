import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from 'react-toastify';
import type { KkProfile } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FormDialog } from '../../tracker/components/form-dialog.tsx';
import {
  downloadAnnex4,
  useDesignateSecretary,
  useKkProfiles,
  useKkSecretary,
  useKkStats,
  useRemoveProfile,
  useSaveProfile,
  useVerifyProfile,
} from '../api.ts';
import { ImportPanel } from './import-panel.tsx';
import { ProfileFields, emptyProfile, type ProfileDraft } from './profile-fields.tsx';
import { StatsSection } from './stats-section.tsx';

const draftOf = (p: KkProfile): ProfileDraft => {
  const {
    id: _i,
    age: _a,
    ageGroup: _g,
    status: _s,
    source: _o,
    guardianConsent: _c,
    pastThirty: _p,
    duplicate: _d,
    updatedAt: _u,
    ...fields
  } = p;
  return fields;
};

/** Who holds the SK secretary's duty; the chairperson designates here. */
function SecretaryPanel() {
  const t = useT();
  const info = useKkSecretary();
  const designate = useDesignateSecretary();
  const [choice, setChoice] = useState<string | null>(null);
  if (!info.data) {
    return null;
  }
  const current = choice ?? String(info.data.secretary?.userId ?? '');
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('kk.secretary.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {info.data.secretary
          ? t('kk.secretary.is', { name: info.data.secretary.name })
          : t('kk.secretary.none')}
      </Typography>
      {info.data.canDesignate ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('kk.secretary.choose')}
            value={current}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('kk.secretary.nobody')}</MenuItem>
            {info.data.candidates.map((c) => (
              <MenuItem key={c.userId} value={String(c.userId)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={designate.isPending}
            onClick={() =>
              designate.mutate(current === '' ? null : Number(current), {
                onSuccess: () => toast.success(t('kk.secretary.saved')),
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            {t('kk.secretary.save')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

/** The reason asked before personal data is shown (kept for this visit; every call sends it). */
function ReasonGate({ onOpen }: { onOpen: (reason: string) => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const ok = reason.trim().length >= 5;
  return (
    <Paper
      variant="outlined"
      component="form"
      sx={{ p: 2, mb: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) {
          onOpen(reason.trim());
        }
      }}
    >
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('kk.reason.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('kk.reason.help')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('kk.reason.label')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ minWidth: 320 }}
        />
        <Button type="submit" variant="contained" disabled={!ok}>
          {t('kk.reason.open')}
        </Button>
      </Box>
    </Paper>
  );
}

type Editing = { id: number | null; draft: ProfileDraft } | null;

function ProfilesTable({ reason }: { reason: string }) {
  const t = useT();
  const profiles = useKkProfiles(reason);
  const save = useSaveProfile();
  const verify = useVerifyProfile();
  const remove = useRemoveProfile();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<KkProfile | null>(null);
  const [removeReason, setRemoveReason] = useState('');
  const [filter, setFilter] = useState('');
  const [show, setShow] = useState<'all' | 'pending' | 'pastThirty' | 'duplicate'>('all');
  const [page, setPage] = useState(0);
  const rows = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return (profiles.data ?? []).filter(
      (p) =>
        (show === 'all' || (show === 'pending' ? p.status === 'pending' : p[show])) &&
        (q === '' || `${p.lastName} ${p.firstName} ${p.homeAddress}`.toLowerCase().includes(q)),
    );
  }, [profiles.data, filter, show]);
  if (profiles.isPending) {
    return <CircularProgress aria-label={t('kk.loading')} />;
  }
  if (profiles.isError) {
    return <Alert severity="error">{errorMessage(profiles.error)}</Alert>;
  }
  const PER_PAGE = 25;
  const shown = rows.slice(page * PER_PAGE, page * PER_PAGE + PER_PAGE);
  return (
    <Box component="section" aria-labelledby="kk-list-heading">
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
        <Typography id="kk-list-heading" component="h2" variant="h6" sx={{ flexGrow: 1 }}>
          {t('kk.list.heading', { count: rows.length })}
        </Typography>
        <TextField
          size="small"
          label={t('kk.list.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          label={t('kk.list.show')}
          value={show}
          onChange={(e) => {
            setShow(e.target.value as typeof show);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          {(['all', 'pending', 'pastThirty', 'duplicate'] as const).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`kk.list.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => setEditing({ id: null, draft: emptyProfile() })}>
          {t('kk.list.add')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            downloadAnnex4(reason).catch((e: unknown) => toast.error(errorMessage(e)));
          }}
        >
          {t('kk.list.export')}
        </Button>
      </Box>
      <ScrollRegion label={t('kk.list.heading', { count: rows.length })}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('kk.list.name')}</TableCell>
              <TableCell>{t('kk.list.age')}</TableCell>
              <TableCell>{t('kk.field.sexAtBirth')}</TableCell>
              <TableCell>{t('kk.field.youthClassification')}</TableCell>
              <TableCell>{t('kk.field.homeAddress')}</TableCell>
              <TableCell>{t('kk.list.flags')}</TableCell>
              <TableCell>{t('kk.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((p) => (
              <TableRow key={p.id} hover>
                <TableCell>{`${p.lastName}, ${p.firstName} ${p.middleName}`.trim()}</TableCell>
                <TableCell>{`${String(p.age)} (${p.ageGroup ?? '—'})`}</TableCell>
                <TableCell>{t(`kk.sex.${p.sexAtBirth}`)}</TableCell>
                <TableCell>{p.youthClassification}</TableCell>
                <TableCell>{p.homeAddress}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {p.status === 'pending' ? (
                      <Chip size="small" color="warning" label={t('kk.list.pendingChip')} />
                    ) : null}
                    {p.pastThirty ? (
                      <Chip size="small" color="error" label={t('kk.list.pastThirtyChip')} />
                    ) : null}
                    {p.duplicate ? <Chip size="small" label={t('kk.list.duplicateChip')} /> : null}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    onClick={() => setEditing({ id: p.id, draft: draftOf(p) })}
                    aria-label={t('kk.list.editOf', { name: `${p.firstName} ${p.lastName}` })}
                  >
                    {t('kk.list.edit')}
                  </Button>
                  {p.status === 'pending' ? (
                    <Button
                      size="small"
                      onClick={() =>
                        verify.mutate(
                          { id: p.id, reason },
                          {
                            onSuccess: () => toast.success(t('kk.list.verified')),
                            onError: (e) => toast.error(errorMessage(e)),
                          },
                        )
                      }
                      aria-label={t('kk.list.verifyOf', { name: `${p.firstName} ${p.lastName}` })}
                    >
                      {t('kk.list.verify')}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      setRemoving(p);
                      setRemoveReason('');
                    }}
                    aria-label={t('kk.list.removeOf', { name: `${p.firstName} ${p.lastName}` })}
                  >
                    {t('kk.list.remove')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      <TablePagination
        component="div"
        count={rows.length}
        page={page}
        onPageChange={(_e, n) => setPage(n)}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[PER_PAGE]}
      />
      {editing ? (
        <FormDialog
          open
          title={editing.id === null ? t('kk.dialog.add') : t('kk.dialog.edit')}
          submitLabel={t('kk.dialog.save')}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error) : null}
          onClose={() => {
            setEditing(null);
            save.reset();
          }}
          onSubmit={() =>
            save.mutate(
              { id: editing.id, body: { ...editing.draft, reason } },
              {
                onSuccess: () => {
                  toast.success(t('kk.dialog.saved'));
                  setEditing(null);
                },
              },
            )
          }
        >
          <ProfileFields
            value={editing.draft}
            onChange={(draft) => setEditing({ ...editing, draft })}
          />
        </FormDialog>
      ) : null}
      {removing ? (
        <FormDialog
          open
          title={t('kk.remove.title')}
          submitLabel={t('kk.remove.confirm')}
          busy={remove.isPending}
          error={remove.error ? errorMessage(remove.error) : null}
          onClose={() => {
            setRemoving(null);
            remove.reset();
          }}
          onSubmit={() =>
            remove.mutate(
              { id: removing.id, reason: removeReason },
              {
                onSuccess: () => {
                  toast.success(t('kk.remove.done'));
                  setRemoving(null);
                },
              },
            )
          }
        >
          <Typography>{t('kk.remove.help')}</Typography>
          <TextField
            label={t('kk.remove.reason')}
            value={removeReason}
            required
            onChange={(e) => setRemoveReason(e.target.value)}
          />
        </FormDialog>
      ) : null}
    </Box>
  );
}

/** `/kk`: the barangay's Katipunan ng Kabataan registry. */
export function KkRegistryPage() {
  const t = useT();
  useDocumentTitle(t('kk.title'));
  const stats = useKkStats();
  const secretary = useKkSecretary();
  const [reason, setReason] = useState<string | null>(null);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 0.5 }}>
        {t('kk.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('kk.intro')}
      </Typography>
      {stats.data ? (
        <StatsSection stats={stats.data} />
      ) : stats.isError ? (
        <Alert severity="error">{errorMessage(stats.error)}</Alert>
      ) : (
        <CircularProgress aria-label={t('kk.loading')} />
      )}
      <SecretaryPanel />
      {secretary.data && !secretary.data.canReadPersonal ? (
        <Alert severity="info">{t('kk.noPersonal')}</Alert>
      ) : null}
      {secretary.data?.canReadPersonal ? (
        reason === null ? (
          <ReasonGate onOpen={setReason} />
        ) : (
          <>
            <ImportPanel reason={reason} />
            <ProfilesTable reason={reason} />
          </>
        )
      ) : null}
    </Box>
  );
}
