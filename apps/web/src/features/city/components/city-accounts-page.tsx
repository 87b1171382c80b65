import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAdd';
import type { CityAccount } from '@sk-tanaw/contract';
import { Navigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCityAccounts, useSetCityAccountActive } from '../api/city-accounts.ts';

const CityAccountDialog = lazy(async () => ({
  default: (await import('./city-account-dialog.tsx')).CityAccountDialog,
}));

/**
 * /city/accounts: the city administrator's list of the city's own accounts (administrators,
 * youth development officers, budget officers, SK Federation presidents), a new one (e-mailed a
 * one-time link to set a password), and deactivation or activation again. The server enforces
 * every rule (an active city administrator only, never one's own account, one active city
 * administrator at least); this page hides the button of one's own account.
 */
export function CityAccountsPage() {
  const t = useT();
  useDocumentTitle(t('shell.city.accounts.title'));
  const auth = useAuth();
  const { data, isPending, error } = useCityAccounts();
  const change = useSetCityAccountActive();
  const [creating, setCreating] = useState(false);
  const [deactivating, setDeactivating] = useState<CityAccount | null>(null);
  if (errorStatus(error) === 403) {
    return <Navigate to="/unauthorized" replace />;
  }
  const setActive = (account: CityAccount, active: boolean) =>
    change.mutate(
      { id: account.id, active },
      {
        onSuccess: () => {
          setDeactivating(null);
          toast.success(
            t(active ? 'shell.city.accounts.activated' : 'shell.city.accounts.deactivated', {
              username: account.username,
            }),
          );
        },
        onError: (failure) => {
          setDeactivating(null);
          toast.error(errorMessage(failure));
        },
      },
    );
  const accounts = data?.accounts ?? [];
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('shell.city.accounts.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {t('shell.city.accounts.intro')}
      </Typography>
      <Button
        variant="contained"
        startIcon={<PersonAdd />}
        onClick={() => setCreating(true)}
        sx={{ mb: 3 }}
      >
        {t('shell.city.accounts.new')}
      </Button>
      <ListState
        error={error}
        errorText={errorMessage}
        loading={isPending}
        loadingLabel={t('shell.city.accounts.loading')}
      />
      {data ? (
        <ScrollRegion label={t('shell.city.accounts.tableLabel')}>
          <Table size="small" aria-label={t('shell.city.accounts.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('shell.city.accounts.col.name')}</TableCell>
                <TableCell>{t('shell.city.accounts.col.username')}</TableCell>
                <TableCell>{t('shell.city.accounts.col.position')}</TableCell>
                <TableCell>{t('shell.city.accounts.col.email')}</TableCell>
                <TableCell>{t('shell.city.accounts.col.status')}</TableCell>
                <TableCell>{t('shell.city.accounts.col.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.map((a) => (
                <TableRow key={a.id} data-testid={`city-account-${a.username}`}>
                  <TableCell>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {a.fullName}
                    </Typography>
                  </TableCell>
                  <TableCell>{a.username}</TableCell>
                  <TableCell>{t(`shell.city.accounts.role.${a.position}`)}</TableCell>
                  <TableCell>{a.emailAddress}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={!a.active ? 'default' : a.passwordSet ? 'success' : 'primary'}
                      variant={a.active && a.passwordSet ? 'filled' : 'outlined'}
                      label={
                        !a.active
                          ? t('shell.city.accounts.inactive')
                          : a.passwordSet
                            ? t('shell.city.accounts.active')
                            : t('shell.city.accounts.linkSent')
                      }
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {a.id === auth.user?.id ? (
                      <Typography component="span" color="text.secondary" variant="body2">
                        {t('shell.city.accounts.you')}
                      </Typography>
                    ) : (
                      <Button
                        size="small"
                        color={a.active ? 'error' : 'primary'}
                        disabled={change.isPending}
                        onClick={() => (a.active ? setDeactivating(a) : setActive(a, true))}
                        aria-label={t(
                          a.active
                            ? 'shell.city.accounts.deactivateOne'
                            : 'shell.city.accounts.activateOne',
                          { username: a.username },
                        )}
                      >
                        {a.active
                          ? t('shell.city.accounts.deactivate')
                          : t('shell.city.accounts.activate')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('shell.city.accounts.confirmTitle', { username: deactivating?.username ?? '' })}
        confirmLabel={t('shell.city.accounts.deactivate')}
        color="error"
        busy={change.isPending}
        onConfirm={() => {
          if (deactivating) {
            setActive(deactivating, false);
          }
        }}
        onClose={() => setDeactivating(null)}
      >
        {t('shell.city.accounts.confirmText', {
          name: deactivating?.fullName ?? '',
          username: deactivating?.username ?? '',
        })}
      </ConfirmDialog>
      {creating ? (
        <Suspense fallback={null}>
          <CityAccountDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
