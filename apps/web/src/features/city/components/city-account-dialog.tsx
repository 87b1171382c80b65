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
import { CITY_ROLE_CODES, type CityRoleCode } from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useCreateCityAccount } from '../api/city-accounts.ts';
import { AccountLinkFields, trimmed, type AccountLinkValues } from './account-link-fields.tsx';

/**
 * The city administrator makes an account of the city (CA, CYDO, CBO or SKF): the server
 * validates the fields, creates it without a usable password and e-mails a one-time link; the
 * form keeps its values when the server refuses.
 */
export function CityAccountDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const create = useCreateCityAccount();
  const [values, setValues] = useState<AccountLinkValues>({
    fullName: '',
    username: '',
    emailAddress: '',
    language: currentLanguage(),
  });
  const [position, setPosition] = useState<CityRoleCode | ''>('');

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const body = trimmed(values);
    create.mutate(
      // An unchosen position goes as it is: the server says what to choose.
      { ...body, position: position as CityRoleCode },
      {
        onSuccess: () => {
          toast.success(
            t('shell.city.accounts.created', {
              username: body.username,
              email: body.emailAddress,
            }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="city-account-title"
      maxWidth="sm"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="city-account-title">{t('shell.city.accounts.newTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError ? (
              <Alert severity="error" role="alert">
                {errorMessage(create.error)}
              </Alert>
            ) : null}
            <AccountLinkFields values={values} onChange={setValues} />
            <TextField
              select
              label={t('shell.city.accounts.position')}
              value={position}
              onChange={(event) => setPosition(event.target.value as CityRoleCode)}
              required
              fullWidth
            >
              {CITY_ROLE_CODES.map((code) => (
                <MenuItem key={code} value={code}>
                  {t(`shell.city.accounts.role.${code}`)}
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
