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
  ADMIN_MESSAGES,
  PH_MOBILE_PATTERN,
  emailProblem,
  findBarangay,
  type CreateAccountRequest,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type Fields = Required<Omit<CreateAccountRequest, 'password'>>;
type FieldErrors = Partial<Record<keyof Fields, string>>;

const LABELS: Record<keyof Fields, string> = {
  username: 'Username',
  fullName: 'Full Name',
  barangay: 'Barangay',
  emailAddress: 'Email Address',
  phoneNumber: 'Phone Number',
};

/** The form's choice for the admin's barangay (either spelling of Nagkaisang). */
function choiceFor(barangay: string): string {
  const canonical = findBarangay(barangay);
  return (
    ACCOUNT_BARANGAY_CHOICES.find((c) => findBarangay(c)?.code === canonical?.code) ??
    ACCOUNT_BARANGAY_CHOICES[0]
  );
}

function validate(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  for (const key of Object.keys(LABELS) as (keyof Fields)[]) {
    if (fields[key].trim() === '') {
      errors[key] = `${LABELS[key]} is required`;
    }
  }
  const email = emailProblem(fields.emailAddress);
  if (email) {
    errors.emailAddress = email;
  }
  if (!errors.phoneNumber && !PH_MOBILE_PATTERN.test(fields.phoneNumber.trim())) {
    errors.phoneNumber = ADMIN_MESSAGES.phoneInvalid;
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
}: {
  open: boolean;
  barangay: string;
  busy: boolean;
  /** Why the server refused the last attempt (section 8: 'Failed to create account'). */
  error: string | null;
  onClose: () => void;
  /** Resolves true when the account was created (the form then clears). */
  onCreate: (fields: Fields) => Promise<boolean>;
}) {
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

  const emailError = emailProblem(fields.emailAddress);
  const set = (key: keyof Fields) => (value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (emailError) {
      setEmailTouched(true);
      setErrors((e) => ({ ...e, emailAddress: ADMIN_MESSAGES.emailInvalid }));
      return;
    }
    const found = validate(fields);
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
    (emailTouched && emailError ? emailError : 'gmail.com, outlook.com or yahoo.com');

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
          <DialogTitle id="create-account-title">Create Account</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {error ? (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              ) : null}
              <TextField
                label={LABELS.username}
                value={fields.username}
                onChange={(e) => set('username')(e.target.value)}
                error={Boolean(errors.username)}
                helperText={errors.username}
                required
                autoFocus
                slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'off' } }}
              />
              <TextField
                label={LABELS.fullName}
                value={fields.fullName}
                onChange={(e) => set('fullName')(e.target.value)}
                error={Boolean(errors.fullName)}
                helperText={errors.fullName}
                required
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField
                select
                label={LABELS.barangay}
                value={fields.barangay}
                onChange={(e) => set('barangay')(e.target.value)}
                error={Boolean(errors.barangay)}
                helperText={errors.barangay ?? 'Accounts are created in your own barangay.'}
                required
              >
                {ACCOUNT_BARANGAY_CHOICES.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {choice}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={LABELS.emailAddress}
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
                label={LABELS.phoneNumber}
                value={fields.phoneNumber}
                onChange={(e) => set('phoneNumber')(e.target.value)}
                error={Boolean(errors.phoneNumber)}
                helperText={errors.phoneNumber ?? '09XXXXXXXXX or +639XXXXXXXXX'}
                required
                slotProps={{ htmlInput: { maxLength: 13, inputMode: 'tel' } }}
              />
              <Typography variant="body2" color="text.secondary">
                The initial password is made by the server and e-mailed to the new user, who must
                change it at the first sign-in. The account has no role until you assign one.
              </Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={emailError !== null || busy}>
              Create
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Confirm Account Creation"
        confirmLabel="Confirm"
        busy={busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        <Typography sx={{ mb: 1 }}>Create this account?</Typography>
        <Typography variant="body2">
          <strong>{fields.username.trim()}</strong> ({fields.fullName.trim()})
        </Typography>
        <Typography variant="body2">{fields.emailAddress.trim()}</Typography>
        <Typography variant="body2">{fields.phoneNumber.trim()}</Typography>
        <Typography variant="body2">Barangay {fields.barangay}</Typography>
      </ConfirmDialog>
    </>
  );
}
