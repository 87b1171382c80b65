import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import { PASSWORD_MAX_LENGTH } from '@sk-tanaw/contract';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, serverMessage } from '../../../lib/api-errors.ts';
import { postChangeCredentials } from '../../../lib/auth/api/change-credentials.ts';
import { isAxiosError } from '../../../lib/api-errors.ts';
import {
  allRulesMet,
  capPassword,
  CREDENTIAL_MESSAGES,
  credentialsProblem,
  forcedChangeChecklist,
} from '../hooks/credentials-rules.ts';

export interface ChangeCredentialsModalProps {
  open: boolean;
  userId: number;
  currentUsername: string;
  /** Called after a successful change with the new username; the user must log in again. */
  onChanged: (newUsername: string) => void;
}

function failureText(error: unknown): string {
  if (isAxiosError(error) && error.response) {
    // The server's own message goes through errorMessage(), which shows it in the language shown.
    return serverMessage(error.response.data)
      ? errorMessage(error)
      : CREDENTIAL_MESSAGES.failedRetry;
  }
  return error instanceof Error && error.message ? error.message : CREDENTIAL_MESSAGES.failedRetry;
}

/** 'Change Default Credentials': forced on first login with a default password. */
export function ChangeCredentialsModal({
  open,
  userId,
  currentUsername,
  onChanged,
}: ChangeCredentialsModalProps) {
  const t = useT();
  const [newUsername, setNewUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // Also shown inside the dialog: a modal hides the page (and its toasts) from screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const checklist = forcedChangeChecklist(password, confirm);
  const ready = allRulesMet(checklist);
  const mismatch = confirm.length > 0 && confirm !== password;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const problem = credentialsProblem(newUsername, password, confirm);
    setFailure(problem);
    if (problem) {
      toast.error(problem);
      return;
    }
    setSubmitting(true);
    try {
      const result = await postChangeCredentials({
        newUsername: newUsername.trim(),
        newPassword: password.trim(),
        currentUsername,
        userID: userId,
      });
      if (!result.success) {
        const message = result.message || CREDENTIAL_MESSAGES.failed;
        toast.error(message);
        setFailure(message);
        return;
      }
      toast.success(CREDENTIAL_MESSAGES.success);
      onChanged(newUsername.trim());
    } catch (error) {
      const message = failureText(error);
      toast.error(message);
      setFailure(message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} fullWidth maxWidth="sm" aria-labelledby="change-credentials-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="change-credentials-title" sx={{ pt: 3 }}>
          {t('auth.credentials.title')}
        </DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('auth.credentials.intro')}
          </Alert>
          <Stack spacing={2.5}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <TextField
              label={t('auth.credentials.newUsername')}
              value={newUsername}
              onChange={(e) => setNewUsername(e.target.value)}
              autoComplete="username"
              autoFocus
              fullWidth
            />
            <PasswordField
              label={t('auth.credentials.newPassword')}
              value={password}
              onChange={(e) => setPassword(capPassword(e.target.value))}
              autoComplete="new-password"
              fullWidth
              helperText={t('auth.credentials.upTo', { max: PASSWORD_MAX_LENGTH })}
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
            />
            <PasswordField
              label={t('auth.credentials.confirmPassword')}
              value={confirm}
              onChange={(e) => setConfirm(capPassword(e.target.value))}
              autoComplete="new-password"
              fullWidth
              error={mismatch}
              helperText={mismatch ? CREDENTIAL_MESSAGES.mismatch : ' '}
              slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH } }}
            />
          </Stack>
          <Typography variant="subtitle2" sx={{ mt: 2, mb: 0.5 }}>
            {t('auth.credentials.requirements')}
          </Typography>
          <PasswordChecklist items={checklist} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!ready || submitting}
            fullWidth
          >
            {submitting ? t('auth.credentials.submitting') : t('auth.credentials.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
