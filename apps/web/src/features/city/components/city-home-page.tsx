import { lazy, Suspense, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import CheckCircle from '@mui/icons-material/CheckCircle';
import LocationCity from '@mui/icons-material/LocationCity';
import type { CityBarangay } from '@sk-tanaw/contract';
import Dashboard from '@mui/icons-material/Dashboard';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { ListState } from '../../../components/list-state.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCityBarangays, useSetBarangayActive } from '../api/get-city-barangays.ts';

const CreateAdminDialog = lazy(async () => ({
  default: (await import('./create-admin-dialog.tsx')).CreateAdminDialog,
}));

/** Folds a name as the server's search does: no accents, lower case. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
}

/**
 * The city's home: the city's barangays with their district, whether the
 * city serves each and whether each has an administrator account. The city administrator sees
 * every one, the other city roles the active ones (the server decides; this page shows what it
 * gets, and the administrator's columns only to the administrator).
 */
export function CityHomePage() {
  const t = useT();
  const { data, isPending, error } = useCityBarangays();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState<CityBarangay | null>(null);
  const served = useSetBarangayActive();
  const toggle = (b: CityBarangay) =>
    served.mutate(
      { code: b.code, active: !b.active },
      {
        onSuccess: (answer) => toast.success(answer.message),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const title = data
    ? t('shell.city.home.title', { city: data.city.name })
    : t('shell.city.home.titlePlain');
  useDocumentTitle(title);
  const rows = useMemo(() => {
    const key = fold(query);
    return (data?.barangays ?? []).filter(
      (b: CityBarangay) => key === '' || fold(`${b.name} ${b.district ?? ''}`).includes(key),
    );
  }, [data, query]);
  if (errorStatus(error) === 403) {
    return <Navigate to="/unauthorized" replace />;
  }
  const isAdmin = data?.role === 'CA';
  const all = data?.barangays ?? [];
  const active = all.filter((b) => b.active).length;
  const withAdmin = all.filter((b) => b.active && b.hasAdmin).length;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {data ? t(`shell.city.role.${data.role}`) : ''}
      </Typography>
      <Button
        component={RouterLink}
        to="/city/dashboard"
        variant="contained"
        startIcon={<Dashboard />}
        sx={{ mb: 3 }}
      >
        {t('shell.city.home.openDashboard')}
      </Button>
      <ListState
        error={error}
        errorText={errorMessage}
        loading={isPending}
        loadingLabel={t('shell.city.home.loading')}
      />
      {data ? (
        <>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
              gap: 2,
              mb: 3,
            }}
          >
            <StatCard
              title={t('shell.city.home.total')}
              icon={LocationCity}
              headline={all.length}
              caption={t('shell.city.home.totalCaption')}
            />
            <StatCard
              title={t('shell.city.home.active')}
              icon={CheckCircle}
              headline={active}
              caption={t('shell.city.home.activeCaption')}
            />
            <StatCard
              title={t('shell.city.home.withAdmin')}
              icon={AdminPanelSettings}
              headline={withAdmin}
              caption={t('shell.city.home.withAdminCaption')}
            />
          </Box>
          <Stack direction="row" sx={{ mb: 2 }}>
            <TextField
              label={t('shell.city.home.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              size="small"
              sx={{ width: { xs: '100%', sm: 320 } }}
            />
          </Stack>
          <ScrollRegion label={t('shell.city.home.tableLabel')}>
            <Table size="small" aria-label={t('shell.city.home.tableLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('shell.city.home.name')}</TableCell>
                  <TableCell>{t('shell.city.home.district')}</TableCell>
                  {isAdmin ? <TableCell>{t('shell.city.home.status')}</TableCell> : null}
                  {isAdmin ? <TableCell>{t('shell.city.home.admin')}</TableCell> : null}
                  {isAdmin ? <TableCell>{t('shell.city.home.actions')}</TableCell> : null}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((b) => (
                  <TableRow key={b.code} data-testid={`city-barangay-${b.code}`}>
                    <TableCell>
                      <Typography component="span" sx={{ fontWeight: 600 }}>
                        {b.name}
                      </Typography>
                    </TableCell>
                    <TableCell>{b.district ?? t('shell.city.home.noDistrict')}</TableCell>
                    {isAdmin ? (
                      <TableCell>
                        <Chip
                          size="small"
                          color={b.active ? 'success' : 'default'}
                          variant={b.active ? 'filled' : 'outlined'}
                          label={
                            b.active
                              ? t('shell.city.home.isActive')
                              : t('shell.city.home.isInactive')
                          }
                        />
                      </TableCell>
                    ) : null}
                    {isAdmin ? (
                      <TableCell>
                        {b.hasAdmin ? t('shell.city.home.hasAdmin') : t('shell.city.home.noAdmin')}
                      </TableCell>
                    ) : null}
                    {isAdmin ? (
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          disabled={served.isPending}
                          onClick={() => toggle(b)}
                          aria-label={t(
                            b.active
                              ? 'shell.city.home.deactivateOne'
                              : 'shell.city.home.activateOne',
                            { barangay: b.name },
                          )}
                        >
                          {b.active
                            ? t('shell.city.home.deactivate')
                            : t('shell.city.home.activate')}
                        </Button>
                        {b.active && !b.hasAdmin ? (
                          <Button
                            size="small"
                            variant="outlined"
                            onClick={() => setCreating(b)}
                            aria-label={t('shell.city.home.createAdminOne', { barangay: b.name })}
                          >
                            {t('shell.city.home.createAdmin')}
                          </Button>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))}
                {rows.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={isAdmin ? 5 : 2}>{t('shell.city.home.none')}</TableCell>
                  </TableRow>
                ) : null}
              </TableBody>
            </Table>
          </ScrollRegion>
          {creating ? (
            <Suspense fallback={null}>
              <CreateAdminDialog barangay={creating} onClose={() => setCreating(null)} />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
