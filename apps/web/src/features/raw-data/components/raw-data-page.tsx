import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import UploadFile from '@mui/icons-material/UploadFile';
import { Navigate } from 'react-router-dom';
import type { RawDataFilter, RawDataSort } from '@sk-tanaw/contract';
import { T, useT } from '../../../i18n/index.ts';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { downloadRawData, type ExportFormat } from '../api/download-raw-data.ts';
import { useRawData, useRawDataOptions } from '../api/raw-data.ts';
import { useRawDataUpload } from '../lib/use-raw-data-upload.ts';
import { PAGE_SIZES, RawDataTable } from './raw-data-table.tsx';

const SEARCH_DELAY_MS = 300;

function SummaryCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ borderRadius: 2 }}>
      <CardContent>
        <Typography color="text.secondary" variant="body2">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.8rem', fontWeight: 800 }} aria-label={label}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** What the upload expects, in a few lines (docs/features/raw-data.md has the full description). */
function CsvFormatNote() {
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
      <T id="rawdata.format.note" components={{ 0: <strong />, 1: <code /> }} />
    </Alert>
  );
}

export function RawDataPage() {
  const t = useT();
  useDocumentTitle(t('rawdata.page.title'));
  const [search, setSearch] = useState('');
  const [ppa, setPpa] = useState('');
  const [committee, setCommittee] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZES[1] ?? 50);
  const [sort, setSort] = useState<RawDataSort>('ppa');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [downloading, setDownloading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useRawDataUpload();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setPpa(search.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  const filter: RawDataFilter = {
    ppa: ppa || undefined,
    committee: committee || undefined,
    category: category || undefined,
  };
  const list = useRawData({ ...filter, page: page + 1, pageSize, sort });
  const options = useRawDataOptions();
  const failure = list.error ?? options.error;
  if (errorStatus(failure) === 403) {
    return <Navigate to="/unauthorized" replace />;
  }

  const data = list.data;
  const filtersActive = search !== '' || committee !== '' || category !== '';
  const clearFilters = () => {
    setSearch('');
    setPpa('');
    setCommittee('');
    setCategory('');
    setPage(0);
  };

  const download = async (format: ExportFormat) => {
    setMenuAnchor(null);
    setDownloading(true);
    try {
      await downloadRawData(format, filter);
    } catch (error) {
      upload.show('error', t('rawdata.download.failed', { reason: errorMessage(error) }));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('rawdata.page.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('rawdata.page.intro')}
      </Typography>

      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 2, mb: 3 }}
      >
        <SummaryCard
          label={t('rawdata.summary.totalRecords')}
          value={data?.summary.totalRecords ?? '–'}
        />
        <SummaryCard
          label={t('rawdata.summary.yearRange')}
          value={data ? data.summary.yearRange || t('rawdata.none') : '–'}
        />
        <SummaryCard
          label={t('rawdata.summary.categories')}
          value={data?.summary.categories ?? '–'}
        />
        <SummaryCard
          label={t('rawdata.summary.committees')}
          value={data?.summary.committees ?? '–'}
        />
      </Box>

      {upload.flash ? (
        <Alert
          severity={upload.flash.severity}
          onClose={upload.dismissFlash}
          sx={{ mb: 2 }}
          role={upload.flash.severity === 'error' ? 'alert' : 'status'}
        >
          {upload.flash.text}
        </Alert>
      ) : null}
      {upload.warning ? (
        <Alert severity="warning" onClose={upload.dismissWarning} sx={{ mb: 2 }}>
          {upload.warning}
        </Alert>
      ) : null}
      {upload.result && upload.result.skipped.length > 0 ? (
        <Alert severity="warning" variant="outlined" onClose={upload.dismissResult} sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('rawdata.skipped.title')}</Typography>
          <Box
            component="ul"
            aria-label={t('rawdata.skipped.title')}
            sx={{ m: 0, pl: 2.5, maxHeight: 160, overflowY: 'auto' }}
          >
            {upload.result.skipped.map((s) => (
              <li key={s.line}>{t('rawdata.skipped.line', { line: s.line, reason: s.reason })}</li>
            ))}
          </Box>
          {upload.result.skippedMore > 0 ? (
            <Typography variant="body2">
              {t('rawdata.skipped.more', { count: upload.result.skippedMore })}
            </Typography>
          ) : null}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('rawdata.fetchFailed', { reason: errorMessage(failure) })}
        </Alert>
      ) : null}

      <Stack
        direction="row"
        spacing={2}
        alignItems="center"
        sx={{ mb: 2 }}
        useFlexGap
        flexWrap="wrap"
      >
        <TextField
          label={t('rawdata.filter.search')}
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 240 }}
        />
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="raw-committee-label">{t('rawdata.filter.committee')}</InputLabel>
          <Select
            labelId="raw-committee-label"
            label={t('rawdata.filter.committee')}
            value={committee}
            onChange={(event) => {
              setCommittee(event.target.value);
              setPage(0);
            }}
          >
            <MenuItem value="">{t('rawdata.filter.allCommittees')}</MenuItem>
            {(options.data?.committees ?? []).map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="raw-category-label">{t('rawdata.filter.category')}</InputLabel>
          <Select
            labelId="raw-category-label"
            label={t('rawdata.filter.category')}
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(0);
            }}
          >
            <MenuItem value="">{t('rawdata.filter.allCategories')}</MenuItem>
            {(options.data?.categories ?? []).map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button onClick={clearFilters} disabled={!filtersActive}>
          {t('rawdata.filter.clear')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          disabled={downloading || upload.busy}
          aria-haspopup="menu"
        >
          {t('rawdata.download.button')}
        </Button>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem onClick={() => void download('excel')}>{t('rawdata.download.excel')}</MenuItem>
          <MenuItem onClick={() => void download('csv')}>{t('rawdata.download.csv')}</MenuItem>
        </Menu>
        <Button
          variant="contained"
          startIcon={<UploadFile />}
          onClick={() => fileInput.current?.click()}
          disabled={upload.busy}
        >
          {t('rawdata.upload.button')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv"
          hidden
          data-testid="raw-data-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            upload.choose(file);
          }}
        />
      </Stack>

      {upload.busy ? (
        <Box sx={{ mb: 2 }}>
          <LinearProgress
            variant={upload.state === 'processing' ? 'indeterminate' : 'determinate'}
            value={upload.percent}
            aria-label={t('rawdata.upload.progressLabel')}
          />
          <Typography variant="caption" color="text.secondary">
            {upload.state === 'processing'
              ? t('rawdata.upload.processing')
              : t('rawdata.upload.progress', { percent: upload.percent })}
          </Typography>
        </Box>
      ) : null}

      <CsvFormatNote />

      {data?.summary.planValues ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {t('rawdata.plan.note')}
        </Alert>
      ) : null}

      <RawDataTable
        rows={data?.data ?? []}
        years={data?.years ?? []}
        total={data?.total ?? 0}
        page={page}
        pageSize={pageSize}
        sort={sort}
        loading={list.isFetching}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        onSortChange={(next) => {
          setSort(next);
          setPage(0);
        }}
      />
    </Box>
  );
}
