import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockReset from '@mui/icons-material/LockReset';
import { checkPassword, SERVER_SPECIALS } from '@sk-tanaw/contract';
import { useMutation } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PasswordChecklist } from '../../../components/password-checklist.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { passwordRuleLabel } from '../../../lib/password-rules.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { setFirstPassword } from '../api/get-city-barangays.ts';
import { useOnboardingLink } from '../api/city-accounts.ts';

/**
 * /city?token=...: the e-mailed link of a new barangay administrator or city account. No
 * sign-in; the page first asks the server for whom the link is and says it (the
 * barangay or city and the username; a link that cannot be used gets its reason instead of the
 * form); the server checks the token (one use, expires) and the password rules; this page shows
 * the same rules live, sends the first password once, and opens the sign-in filled in.
 */
export function SetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('shell.city.password.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [tried, setTried] = useState(false);
  const save = useMutation({ mutationFn: setFirstPassword });
  // For whom the link is (the server says only for a link that can still be used).
  const link = useOnboardingLink(token);
  const account = link.data?.link;
  const signIn = account
    ? `/login?${new URLSearchParams(
        account.barangayCode === null
          ? { city: account.place, username: account.username }
          : { barangay: account.barangayCode, username: account.username },
      ).toString()}`
    : '/login';
  const rules = checkPassword(password, SERVER_SPECIALS);
  const mismatch = confirm.length > 0 && confirm !== password;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setTried(true);
    if (rules.some((rule) => !rule.met) || confirm !== password) {
      return;
    }
    save.mutate({ token, newPassword: password });
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, bgcolor: 'grey.50' }}
    >
      <Paper
        sx={{ p: { xs: 3, sm: 5 }, width: '100%', maxWidth: 480, borderRadius: 4 }}
        elevation={3}
      >
        <Stack alignItems="center" spacing={1} sx={{ mb: 3 }}>
          <LockReset sx={{ fontSize: 48, color: 'primary.main' }} />
          <Typography variant="h4" component="h1">
            {t('shell.city.password.title')}
          </Typography>
        </Stack>
        {save.isSuccess ? (
          <Stack spacing={2.5} sx={{ textAlign: 'center' }}>
            <Alert severity="success">{t('shell.city.password.done')}</Alert>
            <Button component={RouterLink} to={signIn} variant="contained" size="large">
              {t('shell.city.password.signIn')}
            </Button>
          </Stack>
        ) : link.isError ? (
          <Stack spacing={2.5} sx={{ textAlign: 'center' }}>
            <Alert severity="error" role="alert">
              {errorMessage(link.error)}
            </Alert>
            <Button component={RouterLink} to="/login" variant="contained" size="large">
              {t('shell.city.password.signIn')}
            </Button>
            <Button component={RouterLink} to="/">
              {t('shell.city.password.home')}
            </Button>
          </Stack>
        ) : (
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2}>
              {account ? (
                <Alert severity="info" icon={false} data-testid="set-password-for">
                  {account.kind === 'city'
                    ? t('shell.city.password.forCity', {
                        city: account.place,
                        username: account.username,
                      })
                    : t('shell.city.password.forBarangay', {
                        barangay: account.place,
                        username: account.username,
                      })}
                </Alert>
              ) : null}
              <Typography color="text.secondary">
                {account?.kind === 'city'
                  ? t('shell.city.password.introCity')
                  : t('shell.city.password.intro')}
              </Typography>
              {save.isError ? (
                <Alert severity="error" role="alert">
                  {errorMessage(save.error)}
                </Alert>
              ) : null}
              {tried && rules.some((rule) => !rule.met) ? (
                <Alert severity="error" role="alert">
                  {t('shell.city.password.rules')}
                </Alert>
              ) : null}
              <PasswordField
                label={t('shell.city.password.new')}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="new-password"
                autoFocus
                fullWidth
              />
              <PasswordChecklist
                items={rules.map((rule) => ({
                  id: rule.id,
                  label: passwordRuleLabel(rule.id),
                  met: rule.met,
                }))}
              />
              <PasswordField
                label={t('shell.city.password.repeat')}
                value={confirm}
                onChange={(event) => setConfirm(event.target.value)}
                error={mismatch || (tried && confirm !== password)}
                helperText={
                  mismatch || (tried && confirm !== password)
                    ? t('shell.city.password.mismatch')
                    : ' '
                }
                autoComplete="new-password"
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={save.isPending}
                fullWidth
              >
                {t('shell.city.password.submit')}
              </Button>
              <Button component={RouterLink} to="/">
                {t('shell.city.password.home')}
              </Button>
            </Stack>
          </Box>
        )}
      </Paper>
    </Box>
  );
}
