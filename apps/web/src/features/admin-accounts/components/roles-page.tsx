import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Group from '@mui/icons-material/Group';
import HowToReg from '@mui/icons-material/HowToReg';
import Inventory2 from '@mui/icons-material/Inventory2';
import { ADMIN_MESSAGES, isAdministrator, type Account } from '@sk-tanaw/contract';
import { AdminAccessRedirect, isAccessError } from '../../../components/admin-access.tsx';
import { AdminTable } from '../../../components/admin-table.tsx';
import { ArchiveConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FlashMessage, useFlash } from '../../../components/flash-message.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { serverMessageOr } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useArchiveAccount, useAssignRole, useRoleUsers, useRoles } from '../api/accounts.ts';
import { AccountStatusChip } from './account-status-chip.tsx';
import { RoleDialog } from './role-dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { positionLabel } from '../lib/labels.ts';
import { dutyLabelKey } from '../../council/duty-label.ts';

export function RolesPage() {
  const t = useT();
  useDocumentTitle(t('admin.roles.title'));
  const { user } = useAuth();
  const users = useRoleUsers();
  const roles = useRoles();
  const assign = useAssignRole();
  const archive = useArchiveAccount();
  const { flash, show, clear } = useFlash();
  const [roleFor, setRoleFor] = useState<Account | null>(null);
  const [archiving, setArchiving] = useState<Account | null>(null);

  const accessError = users.error ?? roles.error;
  if (isAccessError(accessError)) {
    return <AdminAccessRedirect error={accessError} />;
  }
  const rows = users.data?.users ?? [];
  const summary = users.data?.summary;
  // The server refuses these; the buttons mirror it.
  const isSelf = (account: Account) => account.userID === user?.id;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('admin.roles.title')}
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 3, mb: 3 }}
        aria-label={t('admin.roles.summary')}
        role="group"
      >
        <StatCard
          title={t('admin.roles.total')}
          icon={Group}
          headline={summary?.total ?? '–'}
          caption={t('admin.roles.totalCaption')}
        />
        <StatCard
          title={t('admin.roles.active')}
          icon={HowToReg}
          headline={summary?.active ?? '–'}
          caption={t('admin.roles.activeCaption')}
        />
        <StatCard
          title={t('admin.roles.archived')}
          icon={Inventory2}
          headline={summary?.archived ?? '–'}
          caption={t('admin.roles.archivedCaption')}
        />
      </Box>
      <FlashMessage flash={flash} onClose={clear} />
      <AdminTable
        label={t('admin.roles.table')}
        headers={[
          t('admin.field.name'),
          t('admin.field.currentRole'),
          t('admin.field.barangay'),
          t('admin.field.status'),
          t('admin.field.actions'),
        ]}
        loading={users.isPending}
        error={users.error ? t('admin.error.fetchUsers') : null}
        emptyText={t('admin.roles.empty')}
        count={rows.length}
      >
        {rows.map((account) => {
          const assigned = account.position !== ADMIN_MESSAGES.notAssigned;
          return (
            <TableRow key={account.userID} hover>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {account.fullName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {account.userName}
                </Typography>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={positionLabel(t, account.position)}
                  color={assigned ? 'primary' : 'default'}
                  variant={assigned ? 'filled' : 'outlined'}
                />
                {/* The council duties the account holds, beside its position. */}
                {(account.duties ?? []).map((duty) => (
                  <Chip
                    key={duty}
                    size="small"
                    variant="outlined"
                    label={t(dutyLabelKey(duty))}
                    sx={{ ml: 0.5, mt: 0.25 }}
                  />
                ))}
              </TableCell>
              <TableCell>{account.barangay}</TableCell>
              <TableCell>
                <AccountStatusChip account={account} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => setRoleFor(account)}
                    aria-label={
                      assigned
                        ? t('admin.roles.changeFor', { name: account.fullName })
                        : t('admin.roles.addFor', { name: account.fullName })
                    }
                  >
                    {assigned ? t('admin.roles.change') : t('admin.roles.add')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setArchiving(account)}
                    disabled={isSelf(account)}
                    title={isSelf(account) ? t('admin.roles.archiveSelf') : undefined}
                    aria-label={t('admin.archiveNamed', { name: account.fullName })}
                  >
                    {t('admin.archive')}
                  </Button>
                </Stack>
              </TableCell>
            </TableRow>
          );
        })}
      </AdminTable>
      {roleFor ? (
        <RoleDialog
          account={roleFor}
          roles={roles.data?.roles ?? []}
          busy={assign.isPending}
          onClose={() => setRoleFor(null)}
          onAssign={(position) => {
            if (
              isSelf(roleFor) &&
              isAdministrator(roleFor.position) &&
              !isAdministrator(position)
            ) {
              show('error', t('admin.roles.demoteSelf'));
              setRoleFor(null);
              return;
            }
            assign.mutate(
              { userId: roleFor.userID, position },
              {
                onSuccess: () => show('success', t('admin.roles.assigned')),
                onError: (error) =>
                  show('error', serverMessageOr(error, t('admin.roles.assignFailed'))),
                onSettled: () => setRoleFor(null),
              },
            );
          }}
        />
      ) : null}
      <ArchiveConfirmDialog
        target={archiving}
        title={t('admin.roles.archiveTitle')}
        busy={archive.isPending}
        onClose={() => setArchiving(null)}
        onArchive={(account) => {
          const name = account.fullName;
          archive.mutate(account.userID, {
            onSuccess: () => show('success', t('admin.roles.userArchived', { name })),
            onError: (error) =>
              show('error', serverMessageOr(error, t('admin.roles.archiveFailed'))),
            onSettled: () => setArchiving(null),
          });
        }}
      >
        {archiving
          ? t('admin.roles.archiveQuestion', {
              name: archiving.fullName,
              username: archiving.userName,
            })
          : ''}
      </ArchiveConfirmDialog>
    </Box>
  );
}
