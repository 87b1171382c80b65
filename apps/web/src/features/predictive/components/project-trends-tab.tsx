import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import IconButton from '@mui/material/IconButton';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { toast } from 'react-toastify';
import {
  CUSTOM_CATEGORY_MAX_LENGTH,
  FORECAST_YEARS,
  INAPPROPRIATE_TOAST_MS,
  OTHERS_CATEGORY,
  TREND_MESSAGES,
  needsYouthPrefix,
  type ProjectTrendsResponse,
  type TrendItem,
} from '@sk-tanaw/contract';
import { isAxiosError, serverMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useRawDataOptions } from '../../../lib/raw-data-options.ts';
import { getCustomProjectTrends, getProjectTrends } from '../api/get-project-trends.ts';
import { TrendCard } from './trend-card.tsx';

const ALL = 'all';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'done'; response: ProjectTrendsResponse; trends: TrendItem[] };

/** Turns any answer or failure into the tab's state, as spec part 2 section 8 says. */
async function load(
  call: () => Promise<ProjectTrendsResponse>,
): Promise<Outcome | 'inappropriate'> {
  try {
    const response = await call();
    if (response.error) {
      const message = response.message ?? TREND_MESSAGES.failedFallback;
      return message.includes('inappropriate language')
        ? 'inappropriate'
        : { kind: 'failed', message };
    }
    if (!Array.isArray(response.trends)) {
      return { kind: 'failed', message: TREND_MESSAGES.missingTrends };
    }
    return { kind: 'done', response, trends: response.trends };
  } catch (error) {
    if (isAxiosError(error)) {
      const message = error.response ? serverMessage(error.response.data) : null;
      if (message?.includes('inappropriate language')) {
        return 'inappropriate';
      }
      return {
        kind: 'failed',
        message:
          message ?? (error.response ? TREND_MESSAGES.failedFallback : TREND_MESSAGES.network),
      };
    }
    return { kind: 'failed', message: TREND_MESSAGES.unexpected };
  }
}

function MetadataTooltip({ response }: { response: ProjectTrendsResponse }) {
  const m = response.metadata;
  const lines: [string, string][] = [
    ['Generated', formatDateTime(m.generated_at)],
    ['Forecast year', String(m.forecast_year)],
    ['Category', m.category],
    ['Data points', String(m.historical_data_points)],
    ['Internet sources used', String(m.internet_sources_used)],
    ['Note', m.note],
    ['Data weighting', m.data_weighting],
    ['Error details', m.error_details ?? 'None'],
  ];
  return (
    <Tooltip
      arrow
      title={
        <Box sx={{ p: 0.5 }}>
          {lines.map(([label, text]) => (
            <Typography key={label} variant="body2">
              <b>{label}:</b> {text}
            </Typography>
          ))}
        </Box>
      }
    >
      <IconButton size="small" aria-label="Forecast details">
        <InfoOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** 'Project Trends': category, year and custom category, then the ranked trend cards. */
export function ProjectTrendsTab() {
  const options = useRawDataOptions();
  const [category, setCategory] = useState(ALL);
  const [year, setYear] = useState('');
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const started = useRef(false);

  const run = useCallback(async (call: () => Promise<ProjectTrendsResponse>) => {
    setOutcome({ kind: 'loading' });
    const next = await load(call);
    if (next === 'inappropriate') {
      toast.error(TREND_MESSAGES.inappropriateToast, { autoClose: INAPPROPRIATE_TOAST_MS });
      setCustomError(TREND_MESSAGES.inappropriate);
      setOutcome({ kind: 'idle' });
      return;
    }
    setOutcome(next);
  }, []);

  useEffect(() => {
    if (!started.current) {
      started.current = true;
      void run(() => getProjectTrends(null));
    }
  }, [run]);

  const isOthers = category === OTHERS_CATEGORY;
  const trimmed = custom.trim();
  const applyDisabled =
    outcome.kind === 'loading' || (isOthers && (trimmed === '' || customError !== null));

  const apply = () => {
    setNotice(null);
    if (category === ALL && year === '') {
      setNotice(TREND_MESSAGES.needCategoryOrYear);
      return;
    }
    if (isOthers && trimmed === '') {
      setCustomError(TREND_MESSAGES.customRequired);
      return;
    }
    void run(() =>
      getCustomProjectTrends({
        customCategory: category === ALL ? undefined : category,
        ...(isOthers ? { otherCategory: trimmed } : {}),
        ...(year ? { year: Number(year) } : {}),
      }),
    );
  };

  const categories = options.data?.categories.length
    ? options.data.categories
    : outcome.kind === 'done'
      ? outcome.response.categories
      : [];

  return (
    <Stack spacing={3}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {TREND_MESSAGES.filterTitle}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
            <FormControl fullWidth size="small">
              <InputLabel id="trend-category-label">Category</InputLabel>
              <Select
                labelId="trend-category-label"
                label="Category"
                value={category}
                onChange={(e) => {
                  setCategory(e.target.value);
                  setCustomError(null);
                  setNotice(null);
                }}
              >
                <MenuItem value={ALL}>All Categories</MenuItem>
                {categories.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
                <MenuItem value={OTHERS_CATEGORY}>Others</MenuItem>
              </Select>
            </FormControl>
            <FormControl fullWidth size="small">
              <InputLabel id="trend-year-label" shrink>
                Forecast Year
              </InputLabel>
              <Select
                labelId="trend-year-label"
                label="Forecast Year"
                notched
                value={year}
                onChange={(e) => {
                  setYear(e.target.value);
                  setNotice(null);
                }}
                displayEmpty
              >
                <MenuItem value="">Next Year</MenuItem>
                {FORECAST_YEARS.map((y) => (
                  <MenuItem key={y} value={String(y)}>
                    {y}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {isOthers ? (
              <TextField
                fullWidth
                size="small"
                label="Custom Category"
                value={custom}
                onChange={(e) => {
                  setCustom(e.target.value);
                  setCustomError(
                    e.target.value.trim() === '' ? TREND_MESSAGES.customRequired : null,
                  );
                }}
                error={customError !== null}
                helperText={
                  customError ??
                  (needsYouthPrefix(custom) ? TREND_MESSAGES.youthHint(custom.trim()) : ' ')
                }
                slotProps={{ htmlInput: { maxLength: CUSTOM_CATEGORY_MAX_LENGTH } }}
              />
            ) : null}
            <Button
              variant="contained"
              onClick={apply}
              disabled={applyDisabled}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              Apply Filter
            </Button>
          </Stack>
          {notice ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {notice}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {outcome.kind === 'done' ? (
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography variant="body2" color="text.secondary">
            This forecast for {outcome.response.forecast_year} is based on{' '}
            {outcome.response.metadata.data_weighting}. Internet sources used:{' '}
            {outcome.response.metadata.internet_sources_used}.
          </Typography>
          <MetadataTooltip response={outcome.response} />
        </Stack>
      ) : null}

      {outcome.kind === 'loading' ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <CircularProgress aria-label="Loading trends" />
        </Paper>
      ) : outcome.kind === 'failed' ? (
        <Alert severity="error">
          <AlertTitle>{TREND_MESSAGES.failedTitle}</AlertTitle>
          {outcome.message}
        </Alert>
      ) : outcome.kind === 'done' && outcome.trends.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <Typography sx={{ fontWeight: 700 }}>{TREND_MESSAGES.empty}</Typography>
          {outcome.response.metadata.error_details ? (
            <Typography color="text.secondary">
              {outcome.response.metadata.error_details}
            </Typography>
          ) : null}
        </Paper>
      ) : outcome.kind === 'done' ? (
        <Stack
          component="ol"
          spacing={2}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label="Trends"
        >
          {outcome.trends.map((item, i) => (
            <TrendCard key={item.id} item={item} rank={i + 1} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
