import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import type { DirectoryCity, DirectoryEntry } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { formatPeso } from '../../../lib/format.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { directoryQueryOptions } from '../../barangays/api.ts';
import { PublicHeader } from '../../../components/public-header.tsx';

function Entry({ barangay, year }: { barangay: DirectoryEntry; year: number }) {
  const t = useT();
  const where = [barangay.city, barangay.district].filter(Boolean).join(' · ');
  const status = barangay.posted
    ? t('disclosure.directory.posted', { year: String(year) })
    : t('disclosure.directory.notPosted', { year: String(year) });
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        component={RouterLink}
        to={`/disclosure/${encodeURIComponent(barangay.code)}`}
        sx={{ py: 1.5, gap: 1, flexWrap: 'wrap' }}
      >
        <ListItemText
          primary={barangay.name}
          secondary={where}
          slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          sx={{ flex: '1 1 12rem', my: 0 }}
        />
        <Chip
          size="small"
          label={status}
          color={barangay.posted ? 'success' : 'default'}
          variant={barangay.posted ? 'filled' : 'outlined'}
          icon={barangay.posted ? <CheckCircle aria-hidden /> : undefined}
        />
      </ListItemButton>
    </ListItem>
  );
}

/**
 * Each city's totals: how many of its barangays posted this year's plan, and
 * the SK fund of the posted plans, whatever the search shows.
 */
function CityTotals({ cities, year }: { cities: readonly DirectoryCity[]; year: number }) {
  const t = useT();
  if (cities.length === 0) {
    return null;
  }
  return (
    <Box component="section" aria-labelledby="directory-cities" sx={{ mb: 3 }}>
      <Typography id="directory-cities" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('disclosure.directory.cities', { year: String(year) })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap flexWrap="wrap">
        {cities.map((city) => (
          <Paper
            key={`${city.city}, ${city.province ?? ''}`}
            variant="outlined"
            sx={{ p: 2, flex: { sm: '1 1 16rem' } }}
          >
            <Typography sx={{ fontWeight: 600 }}>
              {city.province ? `${city.city}, ${city.province}` : city.city}
            </Typography>
            <Typography sx={{ fontSize: 14 }}>
              {t('disclosure.directory.cityPosted', {
                posted: city.posted,
                count: city.barangays,
                year: String(year),
              })}
            </Typography>
            <Typography sx={{ fontSize: 14 }}>
              {t('disclosure.directory.citySkFund', { amount: formatPeso(city.skFund) })}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * /disclosure: every active barangay of the installation, searchable by name and by
 * district, each marked with whether it posted this year's plan and linking to its board.
 * Public and read on phones first.
 */
export function DirectoryPage() {
  const t = useT();
  useDocumentTitle(t('disclosure.directory.title'));
  const [search, setSearch] = useState('');
  const [district, setDistrict] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search);
  const query = useQuery(directoryQueryOptions({ q, district, page }));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Box sx={{ bgcolor: 'background.default', minHeight: '100vh' }}>
      <PublicHeader />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
        <Typography variant="h4" component="h1" sx={{ mb: 1, fontSize: { xs: 26, md: 34 } }}>
          {t('disclosure.directory.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('disclosure.directory.lead')}
        </Typography>
        {data ? <CityTotals cities={data.cities} year={data.year} /> : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            type="search"
            label={t('disclosure.directory.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            fullWidth
          />
          {data && data.districts.length > 0 ? (
            <TextField
              select
              label={t('disclosure.directory.district')}
              value={district}
              onChange={(e) => {
                setDistrict(e.target.value);
                setPage(1);
              }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              sx={{ minWidth: { sm: 220 } }}
            >
              <MenuItem value="">{t('disclosure.directory.allDistricts')}</MenuItem>
              {data.districts.map((d) => (
                <MenuItem key={d} value={d}>
                  {d}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
        <Typography role="status" aria-live="polite" sx={{ mb: 1, fontSize: 14 }}>
          {data ? t('disclosure.directory.count', { count: data.total }) : ''}
        </Typography>
        {query.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('disclosure.loading')} />
          </Box>
        ) : query.isError ? (
          <Alert severity="error">{t('disclosure.directory.failed')}</Alert>
        ) : (
          <Paper variant="outlined">
            <List disablePadding aria-label={t('disclosure.directory.title')}>
              {data?.barangays.map((b) => (
                <Entry key={b.code} barangay={b} year={data.year} />
              ))}
            </List>
            {data?.total === 0 ? (
              <Typography sx={{ p: 2 }}>{t('disclosure.directory.none')}</Typography>
            ) : null}
          </Paper>
        )}
        {pages > 1 ? (
          <Pagination
            count={pages}
            page={page}
            onChange={(_event, value) => setPage(value)}
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            getItemAriaLabel={(type, value) =>
              type === 'page'
                ? t('disclosure.directory.page', { page: String(value) })
                : type === 'next'
                  ? t('disclosure.directory.next')
                  : t('disclosure.directory.previous')
            }
          />
        ) : null}
      </Container>
    </Box>
  );
}
