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
import { LANGUAGES, type CityBarangay, type Language } from '@sk-tanaw/contract';
import { toast } from 'react-toastify';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useCreateBarangayAdmin } from '../api/get-city-barangays.ts';

/** Each language named in itself, as language pickers do. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fil: 'Filipino' };

/**
 * The city administrator creates a barangay's first administrator (issue 34 item 3): the server
 * validates the fields, creates the account without a usable password and e-mails a one-time
 * link; the form keeps its values when the server refuses.
 */
export function CreateAdminDialog({
  barangay,
  onClose,
}: {
  barangay: CityBarangay;
  onClose: () => void;
}) {
  const t = useT();
  const create = useCreateBarangayAdmin();
  const [fullName, setFullName] = useState('');
  const [username, setUsername] = useState('');
  const [emailAddress, setEmailAddress] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    create.mutate(
      {
        code: barangay.code,
        body: {
          fullName: fullName.trim(),
          username: username.trim(),
          emailAddress: emailAddress.trim(),
          language,
        },
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="create-admin-title"
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-admin-title">
          {t('shell.city.admin.title', { barangay: barangay.name })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError ? (
              <Alert severity="error" role="alert">
                {errorMessage(create.error)}
              </Alert>
            ) : null}
            <TextField
              label={t('shell.city.admin.fullName')}
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
              required
              autoFocus
              fullWidth
            />
            <TextField
              label={t('shell.city.admin.username')}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              required
              autoComplete="off"
              fullWidth
            />
            <TextField
              label={t('shell.city.admin.email')}
              type="email"
              value={emailAddress}
              onChange={(event) => setEmailAddress(event.target.value)}
              helperText={t('shell.city.admin.emailHint')}
              required
              fullWidth
            />
            <TextField
              select
              label={t('shell.city.admin.language')}
              value={language}
              onChange={(event) => setLanguage(event.target.value as Language)}
              fullWidth
            >
              {LANGUAGES.map((code) => (
                <MenuItem key={code} value={code} lang={code}>
                  {LANGUAGE_NAMES[code]}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {t('shell.city.admin.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('shell.city.admin.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
