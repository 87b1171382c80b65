import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Backup from '@mui/icons-material/Backup';
import Download from '@mui/icons-material/Download';
import Restore from '@mui/icons-material/Restore';
import UploadFile from '@mui/icons-material/UploadFile';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { cityRole, type BackupKind } from '@sk-tanaw/contract';
import { errorCode, errorMessage, errorStatus, serverMessage } from '../../../lib/api-errors.ts';
import { isAxiosError } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { formatBytes, formatDateTime } from '../../../lib/format.ts';
import { hardNavigate } from '../../../lib/navigation.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useT } from '../../../i18n/index.ts';
import {
  JSON_INSTALL_MAX_BYTES,
  backupDownloadUrl,
  backupListQueryKey,
  createBackup,
  installBackupBase64,
  installBackupUpload,
  useBackupList,
  type InstallResult,
} from '../api/backup-api.ts';
import { readFileAsBase64 } from '../lib/read-file.ts';
import { useSimulatedProgress } from '../lib/use-simulated-progress.ts';

/** The words for a backup's kind. */
function kindLabel(kind: BackupKind, t: ReturnType<typeof useT>): string {
  if (kind === 'manual') {
    return t('backup.kind.manual');
  }
  if (kind === 'auto') {
    return t('backup.kind.auto');
  }
  return t('backup.kind.preRestore');
}

/** After a restore every session has ended: the user signs in again after this pause. */
const SIGN_IN_AGAIN_DELAY_MS = 4000;

type Status = { severity: 'success' | 'error' | 'info'; text: string; detail?: string } | null;

/** The server's own explanation of a refusal (damaged, too new, busy...), when it gave one. */
function refusalDetail(error: unknown): string | undefined {
  if (isAxiosError(error) && error.response) {
    return serverMessage(error.response.data) ?? undefined;
  }
  return undefined;
}

class FileReadError extends Error {}

export function BackupPage() {
  const t = useT();
  useDocumentTitle(t('backup.title'));
  const { user, discardSession } = useAuth();
  const queryClient = useQueryClient();
  const list = useBackupList();
  const progress = useSimulatedProgress();
  const [busy, setBusy] = useState<'backup' | 'restore' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const listStatus = errorStatus(list.error);
  if (listStatus === 403 && errorCode(list.error) !== 'NOT_INSTALL_ADMIN') {
    return <Navigate to="/unauthorized" replace />;
  }
  const notInstallAdmin = errorCode(list.error) === 'NOT_INSTALL_ADMIN';
  // The city administrator is refused when the installation serves more than one city: say so.
  const refusal =
    cityRole(user?.position) === 'CA' ? 'backup.notInstallAdminCity' : 'backup.notInstallAdmin';

  async function onCreate() {
    setBusy('backup');
    setStatus({ severity: 'info', text: t('backup.status.creating') });
    progress.start();
    try {
      const result = await createBackup();
      progress.finish(true);
      setStatus({
        severity: 'success',
        text: t('backup.status.created', {
          name: result.backup.name,
          size: formatBytes(result.backup.size),
        }),
      });
      await queryClient.invalidateQueries({ queryKey: backupListQueryKey });
    } catch (error) {
      progress.finish(false);
      setStatus({
        severity: 'error',
        text: t('backup.status.backupFailed'),
        detail: refusalDetail(error),
      });
    } finally {
      setBusy(null);
    }
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    setFile(event.target.files?.[0] ?? null);
    setStatus(null);
  }

  function onRunRestore() {
    if (!file) {
      setStatus({ severity: 'error', text: t('backup.status.selectFile') });
      return;
    }
    setConfirming(true);
  }

  async function restore(chosen: File) {
    setConfirming(false);
    setBusy('restore');
    setStatus({ severity: 'info', text: t('backup.status.installing', { name: chosen.name }) });
    progress.start();
    try {
      let result: InstallResult;
      if (chosen.size <= JSON_INSTALL_MAX_BYTES) {
        let base64: string;
        try {
          base64 = await readFileAsBase64(chosen);
        } catch {
          throw new FileReadError();
        }
        result = await installBackupBase64(base64);
      } else {
        // Large files are streamed; the bar follows the real upload (the last 10% is the install).
        result = await installBackupUpload(chosen, (percent) => {
          progress.report(percent * 0.9);
        });
      }
      progress.finish(true);
      setStatus({
        severity: 'success',
        text: t('backup.status.restored'),
        detail: t('backup.status.restoredDetail', {
          date: formatDateTime(result.restored.createdAt),
          rows: String(result.restored.rows),
          documents: String(result.restored.documents),
          file: result.restored.preRestoreBackup,
        }),
      });
      setTimeout(() => {
        discardSession();
        hardNavigate('/login');
      }, SIGN_IN_AGAIN_DELAY_MS);
    } catch (error) {
      progress.finish(false);
      if (error instanceof FileReadError) {
        setStatus({ severity: 'error', text: t('backup.status.readError') });
      } else {
        setStatus({
          severity: 'error',
          text: t('backup.status.installFailed'),
          detail: refusalDetail(error),
        });
      }
      setBusy(null);
    }
  }

  async function onDownload(name: string) {
    setDownloadError(null);
    try {
      window.location.assign(await backupDownloadUrl(name));
    } catch (error) {
      setDownloadError(errorMessage(error));
    }
  }

  const schedule = list.data?.schedule;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('backup.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('backup.intro')}
      </Typography>
      {notInstallAdmin ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          <Typography sx={{ mb: 1 }}>{t(refusal)}</Typography>
          <Typography>{t('backup.whoCan')}</Typography>
        </Alert>
      ) : null}
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ p: 3 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems={{ md: 'center' }}>
            <Button
              variant="contained"
              startIcon={<Backup />}
              onClick={() => void onCreate()}
              disabled={busy !== null || notInstallAdmin}
            >
              {t('backup.create')}
            </Button>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFile />}
              disabled={busy !== null || notInstallAdmin}
            >
              {t('backup.install')}
              <input
                ref={input}
                hidden
                type="file"
                accept=".bak"
                aria-label={t('backup.install')}
                onChange={onPick}
              />
            </Button>
            <Typography
              color={file ? 'text.primary' : 'text.secondary'}
              sx={{ flexGrow: 1, wordBreak: 'break-all' }}
              data-testid="chosen-backup"
            >
              {file ? `${file.name} (${formatBytes(file.size)})` : t('backup.noFile')}
            </Typography>
            <Button
              variant="contained"
              color="warning"
              startIcon={<Restore />}
              onClick={onRunRestore}
              disabled={busy !== null || notInstallAdmin}
            >
              {t('backup.restore')}
            </Button>
          </Stack>
          <Box sx={{ mt: 3 }}>
            <LinearProgress
              variant="determinate"
              value={progress.percent}
              aria-label={t('backup.progress')}
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Typography variant="caption" color="text.secondary">
              {progress.percent}%
            </Typography>
          </Box>
          <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
            {status ? (
              <Alert severity={status.severity}>
                {status.text}
                {status.detail ? (
                  <Typography variant="body2" sx={{ mt: 0.5 }}>
                    {status.detail}
                  </Typography>
                ) : null}
              </Alert>
            ) : null}
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardContent sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('backup.stored.title')}
          </Typography>
          {schedule ? (
            <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
              {schedule.intervalHours <= 0
                ? t('backup.stored.off')
                : schedule.nextAt
                  ? t('backup.stored.scheduleNext', {
                      hours: String(schedule.intervalHours),
                      retention: String(schedule.retention),
                      next: formatDateTime(schedule.nextAt),
                    })
                  : t('backup.stored.schedule', {
                      hours: String(schedule.intervalHours),
                      retention: String(schedule.retention),
                    })}
            </Typography>
          ) : null}
          {downloadError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {downloadError}
            </Alert>
          ) : null}
          {list.isPending ? <Skeleton variant="rounded" height={120} /> : null}
          {list.error && !notInstallAdmin ? (
            <Alert severity="error">{errorMessage(list.error)}</Alert>
          ) : null}
          {list.data && list.data.backups.length === 0 ? (
            <Typography color="text.secondary">{t('backup.stored.empty')}</Typography>
          ) : null}
          {list.data && list.data.backups.length > 0 ? (
            <TableContainer>
              <Table size="small" aria-label={t('backup.stored.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('backup.stored.file')}</TableCell>
                    <TableCell>{t('backup.stored.type')}</TableCell>
                    <TableCell align="right">{t('backup.stored.size')}</TableCell>
                    <TableCell>{t('backup.stored.created')}</TableCell>
                    <TableCell align="right">{t('backup.stored.download')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.backups.map((b) => (
                    <TableRow key={b.name}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{b.name}</TableCell>
                      <TableCell>{kindLabel(b.kind, t)}</TableCell>
                      <TableCell align="right">{formatBytes(b.size)}</TableCell>
                      <TableCell>{formatDateTime(b.createdAt)}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          startIcon={<Download />}
                          onClick={() => void onDownload(b.name)}
                          aria-label={t('backup.stored.downloadName', { name: b.name })}
                        >
                          {t('backup.stored.download')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
        </CardContent>
      </Card>

      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('backup.confirm.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('backup.confirm.text', { name: file?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('backup.confirm.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              if (file) {
                void restore(file);
              }
            }}
          >
            {t('backup.confirm.install')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
