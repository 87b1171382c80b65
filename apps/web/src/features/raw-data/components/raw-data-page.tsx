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
import { RAW_DATA_MESSAGES, type RawDataFilter, type RawDataSort } from '@sk-tanaw/contract';
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

/** What the upload expects, in a few lines (the README has the full description). */
function CsvFormatNote() {
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
      <strong>CSV format.</strong> One row per PPA. Header: a <code>PPA</code> column (or{' '}
      <code>Project/Program/Activity</code>), <code>Category</code>, <code>Committee</code>, and per
      year <code>Target 2023</code> and <code>Budget 2023</code> columns. Comma or semicolon
      separated, UTF-8. Budgets may have ₱, thousands separators and centavos. Uploading a PPA again
      (same PPA, category and committee) replaces its values for the years in the file; other PPAs
      are kept. Rows without a PPA or with a negative or unreadable budget are skipped and listed.
      In a file exported from here, the years of the <code>From plan</code> column are left to the
      budget plan when it is uploaded again.
    </Alert>
  );
}

export function RawDataPage() {
  useDocumentTitle('Raw Data Management');
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
      upload.show('error', RAW_DATA_MESSAGES.downloadFailed(errorMessage(error)));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Raw Data Management
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        The budget history that forecasts and analyses are computed from.
      </Typography>

      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 2, mb: 3 }}
      >
        <SummaryCard label="Total Records" value={data?.summary.totalRecords ?? '–'} />
        <SummaryCard label="Year Range" value={data ? data.summary.yearRange || 'None' : '–'} />
        <SummaryCard label="Categories" value={data?.summary.categories ?? '–'} />
        <SummaryCard label="Committees" value={data?.summary.committees ?? '–'} />
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
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>Skipped rows</Typography>
          <Box
            component="ul"
            aria-label="Skipped rows"
            sx={{ m: 0, pl: 2.5, maxHeight: 160, overflowY: 'auto' }}
          >
            {upload.result.skipped.map((s) => (
              <li key={s.line}>
                Line {s.line}: {s.reason}
              </li>
            ))}
          </Box>
          {upload.result.skippedMore > 0 ? (
            <Typography variant="body2">…and {upload.result.skippedMore} more.</Typography>
          ) : null}
        </Alert>
      ) : null}
      {failure ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {RAW_DATA_MESSAGES.fetchFailed(errorMessage(failure))}
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
          label="Search PPA"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: 240 }}
        />
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="raw-committee-label">Committee</InputLabel>
          <Select
            labelId="raw-committee-label"
            label="Committee"
            value={committee}
            onChange={(event) => {
              setCommittee(event.target.value);
              setPage(0);
            }}
          >
            <MenuItem value="">All Committees</MenuItem>
            {(options.data?.committees ?? []).map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 220 }}>
          <InputLabel id="raw-category-label">Category</InputLabel>
          <Select
            labelId="raw-category-label"
            label="Category"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(0);
            }}
          >
            <MenuItem value="">All Categories</MenuItem>
            {(options.data?.categories ?? []).map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button onClick={clearFilters} disabled={!filtersActive}>
          Clear filters
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          disabled={downloading || upload.busy}
          aria-haspopup="menu"
        >
          Download
        </Button>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem onClick={() => void download('excel')}>Excel</MenuItem>
          <MenuItem onClick={() => void download('csv')}>CSV</MenuItem>
        </Menu>
        <Button
          variant="contained"
          startIcon={<UploadFile />}
          onClick={() => fileInput.current?.click()}
          disabled={upload.busy}
        >
          Update Data
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
            aria-label="Upload progress"
          />
          <Typography variant="caption" color="text.secondary">
            {upload.state === 'processing'
              ? 'Processing on the server...'
              : `Uploading... ${upload.percent}%`}
          </Typography>
        </Box>
      ) : null}

      <CsvFormatNote />

      {data?.summary.planValues ? (
        <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
          {RAW_DATA_MESSAGES.planNote}
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
