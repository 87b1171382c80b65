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
  INCLUDE_FLAG_LABELS,
  PREDICTIVE_MESSAGES,
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

const ALL = 'all';
const ALL_INCLUDED = Object.fromEntries(INCLUDE_FLAGS.map((f) => [f, true])) as Record<
  IncludeFlag,
  boolean
>;

function failureText(error: unknown, fallback: string): string {
  return isAxiosError(error) && error.response ? errorMessage(error) : fallback;
}

/** 'Project Analysis': the 'Customize Response' card and the analysis it runs. */
export function ProjectAnalysisTab() {
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
  const fallback = showingCustom ? PREDICTIVE_MESSAGES.failed : PREDICTIVE_MESSAGES.generalFailed;
  const categories = options.data?.categories ?? [];

  return (
    <Stack spacing={3}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Customize Response
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <FormControl fullWidth size="small">
              <InputLabel id="analysis-category-label">Category</InputLabel>
              <Select
                labelId="analysis-category-label"
                label="Category"
                value={category}
                onChange={(e) => setCategory(e.target.value)}
                disabled={busy}
              >
                <MenuItem value={ALL}>All Categories</MenuItem>
                {categories.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl fullWidth size="small">
              <InputLabel id="analysis-period-label">Time Period</InputLabel>
              <Select
                labelId="analysis-period-label"
                label="Time Period"
                value={period}
                onChange={(e) => {
                  setPeriod(e.target.value);
                  setDetail('');
                }}
                disabled={busy}
              >
                {TIME_PERIODS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {p}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <FormControl fullWidth size="small" disabled={period === 'None' || busy}>
              <InputLabel id="analysis-detail-label">Time Period Detail</InputLabel>
              <Select
                labelId="analysis-detail-label"
                label="Time Period Detail"
                value={detail}
                onChange={(e) => setDetail(e.target.value)}
              >
                <MenuItem value="">
                  <em>Any</em>
                </MenuItem>
                {timeDetailChoices(period).map((d) => (
                  <MenuItem key={d} value={d}>
                    {d}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Stack>
          <FormGroup row aria-label="Sections to include">
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
                label={INCLUDE_FLAG_LABELS[flag]}
              />
            ))}
          </FormGroup>
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" onClick={apply} disabled={busy}>
              {custom.isPending ? 'Running Analysis...' : 'Apply Filter'}
            </Button>
          </Box>
        </CardContent>
      </Card>

      {busy ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderRadius: 3 }}>
          <CircularProgress aria-label="Running analysis" />
        </Paper>
      ) : error ? (
        <Alert severity="error">
          <AlertTitle>{PREDICTIVE_MESSAGES.errorTitle}</AlertTitle>
          <Typography>{failureText(error, fallback)}</Typography>
          <Typography variant="body2">{PREDICTIVE_MESSAGES.errorHint}</Typography>
        </Alert>
      ) : result ? (
        isEmptyResult(result) ? (
          <Alert severity="info">
            <Typography>{PREDICTIVE_MESSAGES.noContent}</Typography>
            {result.message ? <Typography variant="body2">{result.message}</Typography> : null}
          </Alert>
        ) : (
          <AnalysisResult result={result} customized={showingCustom} />
        )
      ) : showingCustom ? (
        <Typography color="text.secondary">{PREDICTIVE_MESSAGES.noResults}</Typography>
      ) : (
        <Typography color="text.secondary">{PREDICTIVE_MESSAGES.defaultMessage}</Typography>
      )}
    </Stack>
  );
}
