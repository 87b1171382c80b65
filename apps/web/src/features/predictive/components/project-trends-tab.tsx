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
import { toast } from '../../../lib/toast.ts';
import {
  CUSTOM_CATEGORY_MAX_LENGTH,
  FORECAST_YEARS,
  INAPPROPRIATE_TOAST_MS,
  OTHERS_CATEGORY,
  needsYouthPrefix,
  type ProjectTrendsResponse,
  type TrendItem,
} from '@sk-tanaw/contract';
import { errorMessage, isAxiosError, serverMessage } from '../../../lib/api-errors.ts';
import { currentLanguage, i18n, useT } from '../../../i18n/index.ts';
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
      const message = response.message ?? i18n._('predictive.trends.failedFallback');
      return message.includes('inappropriate language')
        ? 'inappropriate'
        : { kind: 'failed', message };
    }
    if (!Array.isArray(response.trends)) {
      return { kind: 'failed', message: i18n._('predictive.trends.missingTrends') };
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
        // errorMessage gives the server's message in the language shown.
        message:
          message !== null
            ? errorMessage(error)
            : error.response
              ? i18n._('predictive.trends.failedFallback')
              : i18n._('predictive.trends.network'),
      };
    }
    return { kind: 'failed', message: i18n._('predictive.trends.unexpected') };
  }
}

function MetadataTooltip({ response }: { response: ProjectTrendsResponse }) {
  const t = useT();
  const m = response.metadata;
  const lines: [string, string][] = [
    [t('predictive.meta.generated'), formatDateTime(m.generated_at)],
    [t('predictive.meta.forecastYear'), String(m.forecast_year)],
    [t('predictive.meta.category'), m.category],
    [t('predictive.meta.dataPoints'), String(m.historical_data_points)],
    [t('predictive.meta.internetSources'), String(m.internet_sources_used)],
    [t('predictive.meta.note'), m.note],
    [t('predictive.meta.weighting'), m.data_weighting],
    [t('predictive.meta.errorDetails'), m.error_details ?? t('predictive.meta.none')],
  ];
  return (
    <Tooltip
      arrow
      title={
        <Box sx={{ p: 0.5 }}>
          {lines.map(([label, text]) => (
            <Typography key={label} variant="body2">
              <b>{label}</b> {text}
            </Typography>
          ))}
        </Box>
      }
    >
      <IconButton size="small" aria-label={t('predictive.meta.button')}>
        <InfoOutlined fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

/** 'Project Trends': category, year and custom category, then the ranked trend cards. */
export function ProjectTrendsTab() {
  const t = useT();
  const lang = currentLanguage();
  const options = useRawDataOptions();
  const [category, setCategory] = useState(ALL);
  const [year, setYear] = useState('');
  const [custom, setCustom] = useState('');
  const [customError, setCustomError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const started = useRef(false);
  /** The last request, asked again when the language changes. */
  const lastCall = useRef<(() => Promise<ProjectTrendsResponse>) | null>(null);
  const shownLang = useRef(lang);

  const run = useCallback(async (call: () => Promise<ProjectTrendsResponse>) => {
    lastCall.current = call;
    setOutcome({ kind: 'loading' });
    const next = await load(call);
    if (next === 'inappropriate') {
      toast.error(i18n._('predictive.trends.inappropriateToast'), {
        autoClose: INAPPROPRIATE_TOAST_MS,
      });
      setCustomError('predictive.trends.inappropriate');
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

  useEffect(() => {
    // A language switch asks for the cards again, for their texts in the new language.
    if (shownLang.current !== lang) {
      shownLang.current = lang;
      if (lastCall.current) {
        void run(lastCall.current);
      }
    }
  }, [lang, run]);

  const isOthers = category === OTHERS_CATEGORY;
  const trimmed = custom.trim();
  const applyDisabled =
    outcome.kind === 'loading' || (isOthers && (trimmed === '' || customError !== null));

  const apply = () => {
    setNotice(null);
    if (category === ALL && year === '') {
      setNotice('predictive.trends.needCategoryOrYear');
      return;
    }
    if (isOthers && trimmed === '') {
      setCustomError('predictive.trends.customRequired');
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
            {t('predictive.trends.filterTitle')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
            <FormControl fullWidth size="small">
              <InputLabel id="trend-category-label">{t('predictive.filter.category')}</InputLabel>
              <Select
                labelId="trend-category-label"
                label={t('predictive.filter.category')}
                value={category}
                onChange={(e) => {
                  setCategory(e.target.value);
                  setCustomError(null);
                  setNotice(null);
                }}
              >
                <MenuItem value={ALL}>{t('predictive.filter.allCategories')}</MenuItem>
                {categories.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
                <MenuItem value={OTHERS_CATEGORY}>{t('predictive.trends.others')}</MenuItem>
              </Select>
            </FormControl>
            <FormControl fullWidth size="small">
              <InputLabel id="trend-year-label" shrink>
                {t('predictive.trends.forecastYear')}
              </InputLabel>
              <Select
                labelId="trend-year-label"
                label={t('predictive.trends.forecastYear')}
                notched
                value={year}
                onChange={(e) => {
                  setYear(e.target.value);
                  setNotice(null);
                }}
                displayEmpty
              >
                <MenuItem value="">{t('predictive.trends.nextYear')}</MenuItem>
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
                label={t('predictive.trends.customCategory')}
                value={custom}
                onChange={(e) => {
                  setCustom(e.target.value);
                  setCustomError(
                    e.target.value.trim() === '' ? 'predictive.trends.customRequired' : null,
                  );
                }}
                error={customError !== null}
                helperText={
                  customError !== null
                    ? t(customError)
                    : needsYouthPrefix(custom)
                      ? t('predictive.trends.youthHint', { text: custom.trim() })
                      : ' '
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
              {t('predictive.filter.apply')}
            </Button>
          </Stack>
          {notice ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t(notice)}
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      {outcome.kind === 'done' ? (
        <Stack direction="row" alignItems="center" spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('predictive.trends.basis', {
              year: outcome.response.forecast_year,
              weighting: outcome.response.metadata.data_weighting,
              sources: outcome.response.metadata.internet_sources_used,
            })}
          </Typography>
          <MetadataTooltip response={outcome.response} />
        </Stack>
      ) : null}

      {outcome.kind === 'loading' ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <CircularProgress aria-label={t('predictive.trends.loading')} />
        </Paper>
      ) : outcome.kind === 'failed' ? (
        <Alert severity="error">
          <AlertTitle>{t('predictive.trends.failedTitle')}</AlertTitle>
          {outcome.message}
        </Alert>
      ) : outcome.kind === 'done' && outcome.trends.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <Typography sx={{ fontWeight: 700 }}>{t('predictive.trends.empty')}</Typography>
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
          aria-label={t('predictive.trends.list')}
        >
          {outcome.trends.map((item, i) => (
            <TrendCard key={item.id} item={item} rank={i + 1} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
