import { useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OTP_COUNTDOWN_SECONDS, OTP_LENGTH } from '@sk-tanaw/contract';
import { useRequestCodeMutation } from '../api/request-code.ts';
import { useVerifyOtpMutation } from '../api/verify-otp.ts';
import { formatCountdown, useCountdown } from '../hooks/use-countdown.ts';
import { CodeBoxes, emptyCode } from './code-boxes.tsx';
import type { CodeBoxesHandle } from './code-boxes.tsx';
import { T, useT } from '../../../i18n/index.ts';
import { RECOVERY_MESSAGES } from '../hooks/recovery-messages.ts';

type Notice = { severity: 'error' | 'success'; text: string } | null;

/**
 * Step 2: the six code boxes and the 60-second countdown. Resend Code is enabled only after
 * expiry; it requests a new code, restarts the countdown, clears the boxes and refocuses the
 * first one.
 */
export function CodeStep({
  username,
  onVerified,
}: {
  username: string;
  onVerified: (otp: string) => void;
}) {
  const t = useT();
  const [digits, setDigits] = useState<string[]>(emptyCode);
  const [notice, setNotice] = useState<Notice>(null);
  const boxes = useRef<CodeBoxesHandle>(null);
  const countdown = useCountdown(OTP_COUNTDOWN_SECONDS);
  const verify = useVerifyOtpMutation();
  const resend = useRequestCodeMutation();
  const code = digits.join('');
  const complete = code.length === OTP_LENGTH;

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (countdown.expired || verify.isPending) {
      return;
    }
    if (!complete) {
      setNotice({ severity: 'error', text: RECOVERY_MESSAGES.invalidOtp });
      return;
    }
    setNotice(null);
    try {
      const result = await verify.mutateAsync({ username, otp: code });
      if (!result.success) {
        setNotice({
          severity: 'error',
          text: result.message || RECOVERY_MESSAGES.invalidOtp,
        });
        return;
      }
      onVerified(code);
    } catch {
      setNotice({ severity: 'error', text: RECOVERY_MESSAGES.genericError });
    }
  };

  const resendCode = async () => {
    setNotice(null);
    try {
      const result = await resend.mutateAsync({ username });
      if (!result.success) {
        setNotice({
          severity: 'error',
          text: result.message || RECOVERY_MESSAGES.resendFailed,
        });
        return;
      }
      setDigits(emptyCode());
      countdown.restart();
      setNotice({ severity: 'success', text: RECOVERY_MESSAGES.resendSuccess });
      boxes.current?.focusFirst();
    } catch {
      setNotice({ severity: 'error', text: RECOVERY_MESSAGES.resendFailed });
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2.5} alignItems="stretch">
        <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
          <T
            id="recovery.code.lead"
            values={{ length: OTP_LENGTH, username }}
            components={{ 0: <strong /> }}
          />
        </Typography>
        {notice ? (
          <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        ) : null}
        <CodeBoxes
          ref={boxes}
          digits={digits}
          onChange={setDigits}
          disabled={verify.isPending}
          error={notice?.severity === 'error'}
        />
        {/* Only the expiry is announced; a screen reader need not read every second. */}
        <Box sx={{ textAlign: 'center' }}>
          {countdown.expired ? (
            <Typography color="error" role="status">
              {RECOVERY_MESSAGES.codeExpired}
            </Typography>
          ) : (
            <Typography color="text.secondary">
              <T
                id="recovery.code.expiresIn"
                values={{ time: formatCountdown(countdown.secondsLeft) }}
                components={{
                  0: (
                    <Box
                      component="span"
                      data-testid="otp-countdown"
                      sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                    />
                  ),
                }}
              />
            </Typography>
          )}
        </Box>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={countdown.expired || !complete || verify.isPending}
          fullWidth
        >
          {t('recovery.code.verify')}
        </Button>
        <Button
          variant="outlined"
          onClick={resendCode}
          disabled={!countdown.expired || resend.isPending}
          fullWidth
        >
          {t('recovery.code.resend')}
        </Button>
      </Stack>
    </Box>
  );
}
