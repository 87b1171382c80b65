import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INCLUDE_FLAGS,
  TIME_PERIODS,
  timeDetailChoices,
  type IncludeFlag,
  type PredictiveResult,
  type TimePeriod,
} from '@sk-tanaw/contract';
import { errorMessage, isAxiosError } from '../../../lib/api-errors.ts';
import { useRawDataOptions } from '../../../lib/raw-data-options.ts';
import { GENERAL_OPTIONS, useCustomAnalysis, useGeneralAnalysis } from '../api/run-analysis.ts';
import { AnalysisResult, isEmptyResult } from './analysis-result.tsx';
import { currentLanguage, useT } from '../../../i18n/index.ts';

const ALL = 'all';
const ALL_INCLUDED = Object.fromEntries(INCLUDE_FLAGS.map((f) => [f, true])) as Record<
  IncludeFlag,
  boolean
>;

/** The checkbox label of each include flag. */
const INCLUDE_FLAG_KEYS: Record<IncludeFlag, { labelKey: string }> = {
  include_budget: { labelKey: 'predictive.include.budget' },
  include_duration: { labelKey: 'predictive.include.duration' },
  include_implement_date: { labelKey: 'predictive.include.timeline' },
  include_recommendations: { labelKey: 'predictive.include.recommendations' },
  include_risks: { labelKey: 'predictive.include.risks' },
  include_trends: { labelKey: 'predictive.include.trends' },
  include_success_factors: { labelKey: 'predictive.include.successFactors' },
  include_feedback: { labelKey: 'predictive.include.feedback' },
};

/** The option label of each time period (the value sent stays the English one). */
const PERIOD_KEYS: Record<TimePeriod, { labelKey: string }> = {
  None: { labelKey: 'predictive.period.none' },
  Yearly: { labelKey: 'predictive.period.yearly' },
  Quarterly: { labelKey: 'predictive.period.quarterly' },
  Monthly: { labelKey: 'predictive.period.monthly' },
};

function failureText(error: unknown, fallback: string): string {
  return isAxiosError(error) && error.response ? errorMessage(error) : fallback;
}

/** 'Project Analysis': the 'Customize Response' card and the analysis it runs. */
export function ProjectAnalysisTab() {
  const t = useT();
  const lang = currentLanguage();
  const options = useRawDataOptions();
  const general = useGeneralAnalysis();
  const custom = useCustomAnalysis();
  const [category, setCategory] = useState(ALL);
  const [period, setPeriod] = useState<TimePeriod>('None');
  const [detail, setDetail] = useState('');
  const [includes, setIncludes] = useState(ALL_INCLUDED);
  const started = useRef(false);

  useEffect(() => {
    // Runs once on load with the general defaults (spec part 2 section 4).
    if (!started.current) {
      started.current = true;
      general.mutate(GENERAL_OPTIONS);
    }
  }, [general]);

  // A language switch runs the analysis shown again, for its texts in the new language.
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) {
      return;
    }
    shownLang.current = lang;
    const customShown = custom.isPending || custom.isSuccess || custom.isError;
    if (customShown) {
      custom.mutate(custom.variables);
    } else {
      general.mutate(GENERAL_OPTIONS);
    }
  }, [lang, general, custom]);

  const busy = general.isPending || custom.isPending;
  const apply = () => {
    custom.mutate({
      analysis_type: 'customized',
      time_period: period,
      time_detail: detail,
      category: category === ALL ? 'None' : category,
      ...includes,
    });
  };

  const showingCustom = custom.isPending || custom.isSuccess || custom.isError;
  const result: PredictiveResult | undefined = showingCustom ? custom.data : general.data;
  const error = showingCustom ? custom.error : general.error;
  const fallback = showingCustom
    ? t('predictive.analysis.failed')
    : t('predictive.analysis.generalFailed');
  const categories = options.data?.categories ?? [];

  return (
    <Stack spacing={3}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('predictive.analysis.customize')}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <FormControl fullWidth size="small">
              <InputLabel id="analysis-category-label">
                {t('predictive.filter.category')}
              </InputLabel>
              <Select
                labelId="analysis-category-label"
                label={t('predictive.filter.category')}
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                disabled={busy}
              >
                <MenuItem value={ALL}>{t('predictive.filter.allCategories')}</MenuItem>
                {categories.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl fullWidth size="small">
              <InputLabel id="analysis-period-label">{t('predictive.filter.period')}</InputLabel>
              <Select
                labelId="analysis-period-label"
                label={t('predictive.filter.period')}
                value={period}
                onChange={(e) => {
                  setPeriod(e.target.value);
                  setDetail('');
                }}
                disabled={busy}
              >
                {TIME_PERIODS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(PERIOD_KEYS[p].labelKey)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl fullWidth size="small" disabled={period === 'None' || busy}>
              <InputLabel id="analysis-detail-label">
                {t('predictive.filter.periodDetail')}
              </InputLabel>
              <Select
                labelId="analysis-detail-label"
                label={t('predictive.filter.periodDetail')}
                value={detail}
                onChange={(e) => setDetail(e.target.value)}
              >
                <MenuItem value="">
                  <em>{t('predictive.filter.any')}</em>
                </MenuItem>
                {timeDetailChoices(period).map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
          <FormGroup row aria-label={t('predictive.analysis.sections')}>
            {INCLUDE_FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    checked={includes[flag]}
                    onChange={(e) => setIncludes({ ...includes, [flag]: e.target.checked })}
                    disabled={busy}
                  />
                }
                label={t(INCLUDE_FLAG_KEYS[flag].labelKey)}
              />
            ))}
          </FormGroup>
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" onClick={apply} disabled={busy}>
              {custom.isPending ? t('predictive.analysis.running') : t('predictive.filter.apply')}
            </Button>
          </Box>
        </CardContent>
      </Card>

      {busy ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <CircularProgress aria-label={t('predictive.analysis.runningLabel')} />
        </Paper>
      ) : error ? (
        <Alert severity="error">
          <AlertTitle>{t('predictive.analysis.errorTitle')}</AlertTitle>
          <Typography>{failureText(error, fallback)}</Typography>
          <Typography variant="body2">{t('predictive.analysis.errorHint')}</Typography>
        </Alert>
      ) : result ? (
        isEmptyResult(result) ? (
          <Alert severity="info">
            <Typography>{t('predictive.analysis.noContent')}</Typography>
            {result.message ? <Typography variant="body2">{result.message}</Typography> : null}
          </Alert>
        ) : (
          <AnalysisResult result={result} customized={showingCustom} />
        )
      ) : showingCustom ? (
        <Typography color="text.secondary">{t('predictive.analysis.noResults')}</Typography>
      ) : (
        <Typography color="text.secondary">{t('predictive.analysis.defaultMessage')}</Typography>
      )}
    </Stack>
  );
}
