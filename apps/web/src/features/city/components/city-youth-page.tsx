import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import type { CityKkStats } from '@sk-tanaw/contract';
import { Navigate } from 'react-router-dom';
import { ListState } from '../../../components/list-state.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useExport } from './use-export.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { StatsSection } from '../../kk/components/stats-section.tsx';
import { downloadCityKkStats, useCityKkStats } from '../api/get-city-kk-stats.ts';

/** The barangays with members (a number or hidden); the ones with none are counted apart. */
function MembersTable({ barangays }: { barangays: CityKkStats['barangays'] }) {
  const t = useT();
  const listed = barangays.filter((b) => b.total !== 0);
  const none = barangays.length - listed.length;
  return (
    <Box component="section" aria-labelledby="city-youth-members" sx={{ mb: 3 }}>
      <Typography id="city-youth-members" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('shell.city.youth.membersHeading')}
      </Typography>
      <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: 720 }}>
        <Table size="small" aria-label={t('shell.city.youth.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('shell.city.dashboard.col.barangay')}</TableCell>
              <TableCell>{t('shell.city.dashboard.col.district')}</TableCell>
              <TableCell align="right">{t('shell.city.youth.members')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {listed.map((b) => (
              <TableRow key={b.code}>
                <TableCell>{b.name}</TableCell>
                <TableCell>{b.district ?? ''}</TableCell>
                <TableCell align="right">
                  {b.total === null ? t('disclosure.kk.stats.fewerThanFive') : b.total}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {none > 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {t('shell.city.youth.noMembers', { count: none })}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * The city's youth statistics, /city/youth: the KK registries of the city's
 * barangays counted together, or one barangay's (the picker), as the barangay's own tables and
 * bars (kk/components/stats-section.tsx), every count under five hidden by the server, then the
 * members of each barangay; the .xlsx export. Counts only: no person is named.
 */
export function CityYouthPage() {
  const t = useT();
  const [barangay, setBarangay] = useState('');
  const { exporting, run: exportXlsx } = useExport(() => downloadCityKkStats(barangay));
  const { data, isPending, error } = useCityKkStats(barangay);
  const title = data
    ? t('shell.city.youth.title', { city: data.city.name })
    : t('shell.city.youth.titlePlain');
  useDocumentTitle(title);
  if (errorStatus(error) === 403) {
    return <Navigate to="/unauthorized" replace />;
  }
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 900 }}>
        {t('shell.city.youth.note')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }} useFlexGap>
        <TextField
          select
          size="small"
          label={t('shell.city.dashboard.col.barangay')}
          value={barangay}
          onChange={(e) => setBarangay(e.target.value)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 260 }}
        >
          <MenuItem value="">{t('shell.city.youth.wholeCity')}</MenuItem>
          {(data?.barangays ?? []).map((b) => (
            <MenuItem key={b.code} value={b.code}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => void exportXlsx()}
          disabled={exporting || !data}
        >
          {t('shell.city.dashboard.export')}
        </Button>
      </Stack>
      <ListState
        error={error}
        errorText={errorMessage}
        loading={isPending}
        loadingLabel={t('shell.city.youth.loading')}
      />
      {data ? (
        <>
          <StatsSection stats={data} />
          {data.barangay === null ? <MembersTable barangays={data.barangays} /> : null}
        </>
      ) : null}
    </Box>
  );
}
