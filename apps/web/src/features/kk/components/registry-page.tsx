import { useCallback, useEffect, useMemo, useState } from 'react';
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
import { toast } from '../../../lib/toast.ts';
import type { KkProfile, KkProfileInput } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import {
  accessLapsed,
  downloadAnnex4,
  duplicateOf,
  useKkProfiles,
  useOpenAccess,
  useKkSecretary,
  useKkStats,
  useRemoveProfile,
  useSaveProfile,
  useVerifyProfile,
} from '../api.ts';
import { AccessRecordPanel } from './access-record-panel.tsx';
import { AssemblyWindowPanel } from './assembly-window-panel.tsx';
import { DuplicateAlert, type RefusedVerification } from './duplicate-alert.tsx';
import { ImportPanel } from './import-panel.tsx';
import { PublicLinkPanel } from './public-link-panel.tsx';
import { ProfileFields, emptyProfile, type ProfileDraft } from './profile-fields.tsx';
import { SecretaryPanel } from './secretary-panel.tsx';
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

/**
 * The reason asked before personal data is shown: it opens the session's access on the server
 * (audited with it), and is kept for this visit to go in the body of each change and export.
 */
function ReasonGate({ onOpen, lapsed }: { onOpen: (reason: string) => void; lapsed: boolean }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const access = useOpenAccess();
  const ok = reason.trim().length >= 5 && !access.isPending;
  return (
    <Paper
      variant="outlined"
      component="form"
      sx={{ p: 2, mb: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) {
          const given = reason.trim();
          access.mutate(given, { onSuccess: () => onOpen(given) });
        }
      }}
    >
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('disclosure.kk.reason.heading')}
      </Typography>
      {lapsed ? (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('disclosure.kk.reason.lapsed')}
        </Alert>
      ) : null}
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {t('disclosure.kk.reason.help')}
      </Typography>
      {access.isError ? (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errorMessage(access.error)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          label={t('disclosure.kk.reason.label')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          sx={{ minWidth: 320 }}
        />
        <Button type="submit" variant="contained" disabled={!ok}>
          {t('disclosure.kk.reason.open')}
        </Button>
      </Box>
    </Paper>
  );
}

type Editing = { id: number | null; draft: ProfileDraft } | null;

function ProfilesTable({ reason, onLapsed }: { reason: string; onLapsed: () => void }) {
  const t = useT();
  const profiles = useKkProfiles(true);
  const lapsed = profiles.isError && accessLapsed(profiles.error);
  useEffect(() => {
    if (lapsed) {
      onLapsed();
    }
  }, [lapsed, onLapsed]);
  const save = useSaveProfile();
  const verify = useVerifyProfile();
  const remove = useRemoveProfile();
  const [editing, setEditing] = useState<Editing>(null);
  const labels = {
    cancel: t('disclosure.kk.dialog.cancel'),
    saving: t('disclosure.kk.dialog.saving'),
  };
  const [removing, setRemoving] = useState<KkProfile | null>(null);
  /** A verification refused: the profile, and the one of the registry it duplicates. */
  const [refused, setRefused] = useState<RefusedVerification | null>(null);
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
    return <CircularProgress aria-label={t('disclosure.kk.loading')} />;
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
          {t('disclosure.kk.list.heading', { count: rows.length })}
        </Typography>
        <TextField
          size="small"
          label={t('disclosure.kk.list.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(0);
          }}
        />
        <TextField
          select
          size="small"
          label={t('disclosure.kk.list.show')}
          value={show}
          onChange={(e) => {
            setShow(e.target.value as typeof show);
            setPage(0);
          }}
          sx={{ minWidth: 180 }}
        >
          {(['all', 'pending', 'pastThirty', 'duplicate'] as const).map((s) => (
            <MenuItem key={s} value={s}>
              {t(`disclosure.kk.list.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => setEditing({ id: null, draft: emptyProfile() })}>
          {t('disclosure.kk.list.add')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => {
            downloadAnnex4(reason).catch((e: unknown) => toast.error(errorMessage(e)));
          }}
        >
          {t('disclosure.kk.list.export')}
        </Button>
      </Box>
      {refused ? (
        <DuplicateAlert
          refused={refused}
          onClose={() => setRefused(null)}
          onRemove={(reasonText) => {
            setRemoveReason(reasonText);
            setRemoving(refused.profile);
            setRefused(null);
          }}
        />
      ) : null}
      <ScrollRegion label={t('disclosure.kk.list.heading', { count: rows.length })}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('disclosure.kk.list.name')}</TableCell>
              <TableCell>{t('disclosure.kk.list.age')}</TableCell>
              <TableCell>{t('disclosure.kk.field.sexAtBirth')}</TableCell>
              <TableCell>{t('disclosure.kk.field.youthClassification')}</TableCell>
              <TableCell>{t('disclosure.kk.field.homeAddress')}</TableCell>
              <TableCell>{t('disclosure.kk.list.flags')}</TableCell>
              <TableCell>{t('disclosure.kk.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((p) => (
              <TableRow key={p.id} hover>
                <TableCell>{`${p.lastName}, ${p.firstName} ${p.middleName}`.trim()}</TableCell>
                <TableCell>{`${String(p.age)} (${p.ageGroup ?? '—'})`}</TableCell>
                <TableCell>{t(`disclosure.kk.sex.${p.sexAtBirth}`)}</TableCell>
                <TableCell>{p.youthClassification}</TableCell>
                <TableCell>{p.homeAddress}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                    {p.status === 'pending' ? (
                      <Chip
                        size="small"
                        color="warning"
                        label={t('disclosure.kk.list.pendingChip')}
                      />
                    ) : null}
                    {p.pastThirty ? (
                      <Chip
                        size="small"
                        color="error"
                        label={t('disclosure.kk.list.pastThirtyChip')}
                      />
                    ) : null}
                    {p.duplicate ? (
                      <Chip size="small" label={t('disclosure.kk.list.duplicateChip')} />
                    ) : null}
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    onClick={() => setEditing({ id: p.id, draft: draftOf(p) })}
                    aria-label={t('disclosure.kk.list.editOf', {
                      name: `${p.firstName} ${p.lastName}`,
                    })}
                  >
                    {t('disclosure.kk.list.edit')}
                  </Button>
                  {p.status === 'pending' ? (
                    <Button
                      size="small"
                      onClick={() =>
                        verify.mutate(
                          { id: p.id, reason },
                          {
                            onSuccess: () => {
                              setRefused(null);
                              toast.success(t('disclosure.kk.list.verified'));
                            },
                            onError: (e) => {
                              const of = duplicateOf(e);
                              if (of) {
                                setRefused({ profile: p, of });
                              } else {
                                toast.error(errorMessage(e));
                              }
                            },
                          },
                        )
                      }
                      aria-label={t('disclosure.kk.list.verifyOf', {
                        name: `${p.firstName} ${p.lastName}`,
                      })}
                    >
                      {t('disclosure.kk.list.verify')}
                    </Button>
                  ) : null}
                  <Button
                    size="small"
                    color="error"
                    onClick={() => {
                      setRemoving(p);
                      setRemoveReason('');
                    }}
                    aria-label={t('disclosure.kk.list.removeOf', {
                      name: `${p.firstName} ${p.lastName}`,
                    })}
                  >
                    {t('disclosure.kk.list.remove')}
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
          labels={labels}
          title={
            editing.id === null ? t('disclosure.kk.dialog.add') : t('disclosure.kk.dialog.edit')
          }
          submitLabel={t('disclosure.kk.dialog.save')}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error) : null}
          onClose={() => {
            setEditing(null);
            save.reset();
          }}
          onSubmit={() =>
            save.mutate(
              // An answer left unchosen goes as it is: the server names it.
              { id: editing.id, body: { ...editing.draft, reason } as KkProfileInput },
              {
                onSuccess: () => {
                  toast.success(t('disclosure.kk.dialog.saved'));
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
          labels={labels}
          title={t('disclosure.kk.remove.title')}
          submitLabel={t('disclosure.kk.remove.confirm')}
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
                  toast.success(t('disclosure.kk.remove.done'));
                  setRemoving(null);
                },
              },
            )
          }
        >
          <Typography>{t('disclosure.kk.remove.help')}</Typography>
          <TextField
            label={t('disclosure.kk.remove.reason')}
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
  useDocumentTitle(t('disclosure.kk.title'));
  const stats = useKkStats();
  const secretary = useKkSecretary();
  const [reason, setReason] = useState<string | null>(null);
  const [lapsed, setLapsed] = useState(false);
  // The session's access lapsed: the reason is asked again before anything more is shown.
  const close = useCallback(() => {
    setReason(null);
    setLapsed(true);
  }, []);
  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800, mb: 0.5 }}>
        {t('disclosure.kk.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('disclosure.kk.intro')}
      </Typography>
      {stats.data ? (
        <StatsSection stats={stats.data} />
      ) : stats.isError ? (
        <Alert severity="error">{errorMessage(stats.error)}</Alert>
      ) : (
        <CircularProgress aria-label={t('disclosure.kk.loading')} />
      )}
      <PublicLinkPanel />
      <SecretaryPanel />
      {secretary.data && !secretary.data.canReadPersonal ? (
        <Alert severity="info">{t('disclosure.kk.noPersonal')}</Alert>
      ) : null}
      {secretary.data?.canReadPersonal ? (
        reason === null ? (
          <ReasonGate onOpen={setReason} lapsed={lapsed} />
        ) : (
          <>
            <AssemblyWindowPanel />
            <ImportPanel reason={reason} />
            <ProfilesTable reason={reason} onLapsed={close} />
            <AccessRecordPanel onLapsed={close} />
          </>
        )
      ) : null}
    </Box>
  );
}
