import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LockReset from '@mui/icons-material/LockReset';
import { useNavigate } from 'react-router-dom';
import { CodeStep } from './code-step.tsx';
import { NewPasswordStep } from './new-password-step.tsx';
import { UsernameStep } from './username-step.tsx';
import { useT } from '../../../i18n/index.ts';
import { RECOVERY_MESSAGES } from '../hooks/recovery-messages.ts';

type Step =
  | { name: 'username' }
  | { name: 'code'; username: string }
  | { name: 'password'; username: string; otp: string }
  | { name: 'done' };

/** /forgot-password: the 'Password Recovery' card; each step advances only when its call succeeds. */
export function PasswordRecoveryPage() {
  const t = useT();
  const [step, setStep] = useState<Step>({ name: 'username' });
  const navigate = useNavigate();

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
            {t('recovery.title')}
          </Typography>
        </Stack>
        {step.name === 'username' ? (
          <UsernameStep onSent={(username) => setStep({ name: 'code', username })} />
        ) : null}
        {step.name === 'code' ? (
          <CodeStep
            username={step.username}
            onVerified={(otp) => setStep({ name: 'password', username: step.username, otp })}
          />
        ) : null}
        {step.name === 'password' ? (
          <NewPasswordStep
            username={step.username}
            otp={step.otp}
            onReset={() => setStep({ name: 'done' })}
          />
        ) : null}
        {step.name === 'done' ? (
          <Stack alignItems="center" spacing={2.5} sx={{ textAlign: 'center' }}>
            <CheckCircle sx={{ fontSize: 64, color: 'success.main' }} />
            <Typography variant="h5" component="h2" role="status">
              {RECOVERY_MESSAGES.success}
            </Typography>
            <Typography color="text.secondary">{t('recovery.done.lead')}</Typography>
            <Button variant="contained" size="large" onClick={() => navigate('/login')} fullWidth>
              {t('recovery.backToLogin')}
            </Button>
          </Stack>
        ) : null}
      </Paper>
    </Box>
  );
}
