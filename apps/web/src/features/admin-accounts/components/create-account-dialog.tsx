import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_BARANGAY_CHOICES,
  PH_MOBILE_PATTERN,
  ALLOWED_EMAIL_DOMAINS,
  emailProblem,
  findBarangay,
  type CreateAccountRequest,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { emailProblemText } from '../lib/labels.ts';

type Fields = Required<Omit<CreateAccountRequest, 'password'>>;
type FieldErrors = Partial<Record<keyof Fields, string>>;

type T = ReturnType<typeof useT>;

/** Each field's label and its 'is required' text. */
const LABELS: Record<keyof Fields, { labelKey: string; requiredKey: string }> = {
  username: { labelKey: 'admin.field.username', requiredKey: 'admin.required.username' },
  fullName: { labelKey: 'admin.field.fullName', requiredKey: 'admin.required.fullName' },
  barangay: { labelKey: 'admin.field.barangay', requiredKey: 'admin.required.barangay' },
  emailAddress: { labelKey: 'admin.field.email', requiredKey: 'admin.required.email' },
  phoneNumber: { labelKey: 'admin.field.phone', requiredKey: 'admin.required.phone' },
};

/**
 * The form's choices: the spec's two for its barangays (either spelling of Nagkaisang), and a
 * barangay the city onboarded its own name alone: an account is made in the
 * administrator's barangay only.
 */
function choicesFor(barangay: string): readonly string[] {
  return findBarangay(barangay) ? ACCOUNT_BARANGAY_CHOICES : [barangay];
}

/** The form's choice for the admin's barangay. */
function choiceFor(barangay: string): string {
  const canonical = findBarangay(barangay);
  if (!canonical) {
    return barangay;
  }
  return (
    ACCOUNT_BARANGAY_CHOICES.find((c) => findBarangay(c)?.code === canonical.code) ??
    ACCOUNT_BARANGAY_CHOICES[0]
  );
}

function validate(t: T, fields: Fields, domains: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of Object.keys(LABELS) as (keyof Fields)[]) {
    if (fields[key].trim() === '') {
      errors[key] = t(LABELS[key].requiredKey);
    }
  }
  const email = emailProblemText(t, emailProblem(fields.emailAddress, domains), domains);
  if (email) {
    errors.emailAddress = email;
  }
  if (!errors.phoneNumber && !PH_MOBILE_PATTERN.test(fields.phoneNumber.trim())) {
    errors.phoneNumber = t('admin.accounts.phoneInvalid');
  }
  return errors;
}

/** 'Create Account' then a confirm dialog; the form keeps its values if the server refuses. */
export function CreateAccountDialog({
  open,
  barangay,
  busy,
  error,
  onClose,
  onCreate,
  emailDomains = ALLOWED_EMAIL_DOMAINS,
}: {
  open: boolean;
  barangay: string;
  busy: boolean;
  /** Why the server refused the last attempt (section 8: 'Failed to create account'). */
  error: string | null;
  onClose: () => void;
  /** Resolves true when the account was created (the form then clears). */
  onCreate: (fields: Fields) => Promise<boolean>;
  /** The installation's account e-mail domains (useAccountEmailDomains); the spec's three. */
  emailDomains?: readonly string[];
}) {
  const t = useT();
  const empty = (): Fields => ({
    username: '',
    fullName: '',
    barangay: choiceFor(barangay),
    emailAddress: '',
    phoneNumber: '',
  });
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [emailTouched, setEmailTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const domains = emailDomains;
  const emailError = emailProblemText(t, emailProblem(fields.emailAddress, domains), domains);
  const set = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (emailError) {
      setEmailTouched(true);
      setErrors((e) => ({ ...e, emailAddress: t('admin.email.invalid') }));
      return;
    }
    const found = validate(t, fields, domains);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setConfirming(true);
    }
  };

  const confirm = async () => {
    const created = await onCreate({
      username: fields.username.trim(),
      fullName: fields.fullName.trim(),
      barangay: fields.barangay,
      emailAddress: fields.emailAddress.trim(),
      phoneNumber: fields.phoneNumber.trim(),
    });
    setConfirming(false);
    if (created) {
      setFields(empty());
      setErrors({});
      setEmailTouched(false);
    }
  };

  const emailHelper =
    errors.emailAddress ??
    (emailTouched && emailError ? emailError : t('admin.accounts.emailHelp'));

  return (
    <>
      <Dialog
        open={open}
        onClose={busy ? undefined : onClose}
        aria-labelledby="create-account-title"
        maxWidth="sm"
        fullWidth
      >
        <form onSubmit={submit} noValidate>
          <DialogTitle id="create-account-title">{t('admin.accounts.create')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {error ? (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <TextField
                label={t(LABELS.username.labelKey)}
                value={fields.username}
                onChange={(e) => set('username')(e.target.value)}
                error={Boolean(errors.username)}
                helperText={errors.username}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off' } }}
              />
              <TextField
                label={t(LABELS.fullName.labelKey)}
                value={fields.fullName}
                onChange={(e) => set('fullName')(e.target.value)}
                error={Boolean(errors.fullName)}
                helperText={errors.fullName}
                required
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField
                select
                label={t(LABELS.barangay.labelKey)}
                value={fields.barangay}
                onChange={(e) => set('barangay')(e.target.value)}
                error={Boolean(errors.barangay)}
                helperText={errors.barangay ?? t('admin.accounts.barangayHelp')}
                required
              >
                {choicesFor(barangay).map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {choice}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={t(LABELS.emailAddress.labelKey)}
                type="email"
                value={fields.emailAddress}
                onChange={(e) => set('emailAddress')(e.target.value)}
                onBlur={() => setEmailTouched(true)}
                error={Boolean(errors.emailAddress) || (emailTouched && emailError !== null)}
                helperText={emailHelper}
                required
                slotProps={{ htmlInput: { maxLength: 254 } }}
              />
              <TextField
                label={t(LABELS.phoneNumber.labelKey)}
                value={fields.phoneNumber}
                onChange={(e) => set('phoneNumber')(e.target.value)}
                error={Boolean(errors.phoneNumber)}
                helperText={errors.phoneNumber ?? t('admin.accounts.phoneHelp')}
                required
                slotProps={{ htmlInput: { maxLength: 13, inputMode: 'tel' } }}
              />
              <Typography variant="body2" color="text.secondary">
                {t('admin.accounts.passwordNote')}
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={emailError !== null || busy}>
              {t('admin.accounts.createButton')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={t('admin.accounts.confirmTitle')}
        confirmLabel={t('admin.confirm')}
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        <Typography sx={{ mb: 1 }}>{t('admin.accounts.confirmQuestion')}</Typography>
        <Typography variant="body2">
          <strong>{fields.username.trim()}</strong> ({fields.fullName.trim()})
        </Typography>
        <Typography variant="body2">{fields.emailAddress.trim()}</Typography>
        <Typography variant="body2">{fields.phoneNumber.trim()}</Typography>
        <Typography variant="body2">
          {t('admin.accounts.confirmBarangay', { barangay: fields.barangay })}
        </Typography>
      </ConfirmDialog>
    </>
  );
}
