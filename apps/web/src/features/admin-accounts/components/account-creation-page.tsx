import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { useT } from '../../../i18n/index.ts';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { FlashMessage, useFlash } from '../../../components/flash-message.tsx';
import { serverMessageOr } from '../../../lib/api-errors.ts';
import { useAccountEmailDomains } from '../../../lib/account-email.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAdminUsers, useCreateAccount } from '../api/accounts.ts';
import { AccountStatusChip } from './account-status-chip.tsx';
import { CreateAccountDialog } from './create-account-dialog.tsx';

export function AccountCreationPage() {
  const t = useT();
  const emailDomains = useAccountEmailDomains();
  useDocumentTitle(t('admin.accounts.title'));
  const { user } = useAuth();
  const users = useAdminUsers();
  const create = useCreateAccount();
  const { flash, show, clear } = useFlash();
  const [open, setOpen] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);

  if (isAccessError(users.error)) {
    return <AdminAccessRedirect error={users.error} />;
  }
  const rows = users.data?.users ?? [];

  return (
    <Box>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          {t('admin.accounts.title')}
        </Typography>
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => setOpen(true)}>
          {t('admin.accounts.create')}
        </Button>
      </Stack>
      <FlashMessage flash={flash} onClose={clear} />
      <AdminTable
        label={t('admin.accounts.table')}
        headers={[
          t('admin.field.username'),
          t('admin.field.fullName'),
          t('admin.field.email'),
          t('admin.field.phone'),
          t('admin.field.status'),
        ]}
        loading={users.isPending}
        error={users.error ? t('admin.error.fetchUsers') : null}
        emptyText={t('admin.accounts.empty')}
        count={rows.length}
      >
        {rows.map((account) => (
          <TableRow key={account.userID} hover>
            <TableCell sx={{ fontWeight: 600 }}>{account.userName}</TableCell>
            <TableCell>{account.fullName}</TableCell>
            <TableCell>{account.emailAddress}</TableCell>
            <TableCell>{account.phoneNumber}</TableCell>
            <TableCell>
              <AccountStatusChip account={account} />
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <CreateAccountDialog
        emailDomains={emailDomains}
        open={open}
        barangay={user?.barangay ?? ''}
        busy={create.isPending}
        error={createError}
        onClose={() => {
          setOpen(false);
          setCreateError(null);
        }}
        onCreate={async (fields) => {
          setCreateError(null);
          try {
            await create.mutateAsync(fields);
            setOpen(false);
            show('success', t('admin.accounts.created'));
            return true;
          } catch (error) {
            setCreateError(serverMessageOr(error, t('admin.accounts.createFailed')));
            return false;
          }
        }}
      />
    </Box>
  );
}
