import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useResetPasswordMutation } from '../api/reset-password.ts';
import { newPasswordProblems, recoveryChecklist } from '../hooks/recovery-rules.ts';
import { T, useT } from '../../../i18n/index.ts';
import { RECOVERY_MESSAGES } from '../hooks/recovery-messages.ts';

/** Step 3: new password and confirmation with the live requirements checklist. */
export function NewPasswordStep({
  username,
  otp,
  onReset,
}: {
  username: string;
  otp: string;
  onReset: () => void;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useResetPasswordMutation();
  const busy = reset.isPending;
  const mismatch = confirm.length > 0 && confirm !== password;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = newPasswordProblems(password, confirm);
    setProblems(found);
    if (found.length > 0) {
      return;
    }
    try {
      const result = await reset.mutateAsync({ username, otp, newPassword: password.trim() });
      if (!result.success) {
        setFailure(result.message || RECOVERY_MESSAGES.resetFailed);
        return;
      }
      onReset();
    } catch {
      setFailure(RECOVERY_MESSAGES.updateFailed);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          <T id="recovery.password.lead" values={{ username }} components={{ 0: <strong /> }} />
        </Typography>
        {failure ? <Alert severity="error">{failure}</Alert> : null}
        {problems.length > 0 ? (
          <Alert severity="error">
            {problems.map((problem) => (
              <div key={problem}>{problem}</div>
            ))}
          </Alert>
        ) : null}
        <PasswordField
          label={t('recovery.password.new')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          autoFocus
          fullWidth
        />
        <PasswordChecklist items={recoveryChecklist(password)} />
        <PasswordField
          label={t('recovery.password.confirm')}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={mismatch}
          helperText={mismatch ? RECOVERY_MESSAGES.passwordsDoNotMatch : ' '}
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {busy ? t('recovery.password.processing') : t('recovery.password.update')}
        </Button>
      </Stack>
    </Box>
  );
}
