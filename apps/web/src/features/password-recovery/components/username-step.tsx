import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useRequestCodeMutation } from '../api/request-code.ts';
import { useT } from '../../../i18n/index.ts';
import { RECOVERY_MESSAGES } from '../hooks/recovery-messages.ts';

/** Step 1: the username; Continue e-mails a code to the account's address. */
export function UsernameStep({ onSent }: { onSent: (username: string) => void }) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const requestCode = useRequestCodeMutation();
  const busy = requestCode.isPending;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const trimmed = username.trim();
    setFailure(null);
    if (trimmed === '') {
      setFieldError(RECOVERY_MESSAGES.usernameRequired);
      return;
    }
    setFieldError(null);
    try {
      const result = await requestCode.mutateAsync({ username: trimmed });
      if (!result.success) {
        setFailure(result.message || RECOVERY_MESSAGES.sendFailed);
        return;
      }
      onSent(trimmed);
    } catch {
      setFailure(RECOVERY_MESSAGES.genericError);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5}>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('recovery.username.lead')}
        </Typography>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        <TextField
          label={t('recovery.username.label')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? ' '}
          autoComplete="username"
          autoFocus
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? t('recovery.username.sending') : t('recovery.username.continue')}
        </Button>
        <Box sx={{ textAlign: 'center' }}>
          <Link component={RouterLink} to="/login">
            {t('recovery.backToLogin')}
          </Link>
        </Box>
      </Stack>
    </Box>
  );
}
