import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { CityBarangay } from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useCreateBarangayAdmin } from '../api/get-city-barangays.ts';
import { AccountLinkFields, trimmed, type AccountLinkValues } from './account-link-fields.tsx';

/**
 * The city administrator creates a barangay's first administrator: the server
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
  const [values, setValues] = useState<AccountLinkValues>({
    fullName: '',
    username: '',
    emailAddress: '',
    language: currentLanguage(),
  });

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    create.mutate(
      {
        code: barangay.code,
        body: trimmed(values),
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
            <AccountLinkFields values={values} onChange={setValues} />
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
