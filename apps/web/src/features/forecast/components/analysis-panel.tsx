import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesome from '@mui/icons-material/AutoAwesome';
import { T, useT } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { AnalysisState } from '../api/get-budget-analysis.ts';
import { trendColor, type AnalysisView } from '../lib/validate.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function writer(t: ReturnType<typeof useT>, data: AnalysisView): string {
  if (data.engine === 'ai') {
    return data.aiModel
      ? t('forecast.analysis.writerAiModel', { model: data.aiModel })
      : t('forecast.analysis.writerAi');
  }
  return t('forecast.analysis.writerBuiltIn');
}

/** The chip of a trend: its type in the language shown (an unknown type as the server wrote it). */
function trendLabel(t: ReturnType<typeof useT>, type: string): string {
  switch (type) {
    case 'positive':
      return t('forecast.analysis.trendPositive');
    case 'negative':
      return t('forecast.analysis.trendNegative');
    case 'info':
    case '':
      return t('forecast.analysis.trendInfo');
    default:
      return type;
  }
}

function AnalysisResult({ data }: { data: AnalysisView }) {
  const t = useT();
  const explanation = data.chartExplanation;
  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 3, bgcolor: 'grey.50' }}>
        <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', mb: 1 }}>
          {explanation.title}
        </Typography>
        {explanation.description ? (
          <Typography sx={{ mb: 1 }}>{explanation.description}</Typography>
        ) : null}
        {explanation.keyInsights.length > 0 ? (
          <>
            <Typography sx={{ fontWeight: 700 }}>{t('forecast.analysis.keyInsights')}</Typography>
            <ul>
              {explanation.keyInsights.map((insight) => (
                <li key={insight}>{insight}</li>
              ))}
            </ul>
          </>
        ) : null}
        {explanation.howToRead.length > 0 ? (
          <>
            <Typography sx={{ fontWeight: 700 }}>{t('forecast.analysis.howToRead')}</Typography>
            <ul>
              {explanation.howToRead.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </>
        ) : null}
      </Paper>
      <Section title={t('forecast.analysis.summary')}>
        <Typography>{data.summary}</Typography>
      </Section>
      <Section title={t('forecast.analysis.trends')}>
        <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {data.trends.map((trend, i) => (
            <Box component="li" key={`${trend.title}-${i}`}>
              <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5 }}>
                <Chip
                  size="small"
                  label={trendLabel(t, trend.type)}
                  color={trendColor(trend.type)}
                  variant="outlined"
                />
                <Typography sx={{ fontWeight: 700 }}>{trend.title}</Typography>
              </Stack>
              <Typography color="text.secondary">{trend.description}</Typography>
            </Box>
          ))}
        </Stack>
      </Section>
      <Section title={t('forecast.analysis.recommendations')}>
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {data.recommendations.map((action) => (
            <li key={action}>
              <Typography>{action}</Typography>
            </li>
          ))}
        </Box>
      </Section>
      <Stack
        direction="row"
        spacing={3}
        flexWrap="wrap"
        useFlexGap
        sx={{ color: 'text.secondary' }}
      >
        {data.confidence !== null ? (
          <Typography title={data.confidenceMethod ?? undefined}>
            <T
              id="forecast.analysis.confidence"
              values={{ percent: Math.round(data.confidence * 100) }}
              components={{ 0: <strong /> }}
            />
          </Typography>
        ) : null}
        {data.generatedAt ? (
          <Typography>
            {t('forecast.analysis.generated', { date: formatDateTime(data.generatedAt) })}
          </Typography>
        ) : null}
        <Typography>{writer(t, data)}</Typography>
      </Stack>
      {data.confidenceMethod ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('forecast.analysis.confidenceMethod', { method: data.confidenceMethod })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Spec part 2 section 2: the AI analysis panel below the chart. */
export function AnalysisPanel({ state }: { state: AnalysisState }) {
  const t = useT();
  return (
    <Paper sx={{ p: 3 }} component="section" aria-labelledby="analysis-heading">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
        <AutoAwesome color="primary" />
        <Typography id="analysis-heading" variant="h5" component="h2">
          {t('forecast.analysis.title')}
        </Typography>
      </Stack>
      {state.status === 'loading' ? (
        <Box aria-busy="true">
          <Typography sx={{ mb: 1 }}>{t('forecast.analysis.loading')}</Typography>
          <Skeleton variant="rounded" height={90} sx={{ mb: 1 }} />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="80%" />
          <Skeleton variant="text" width="60%" />
        </Box>
      ) : null}
      {state.status === 'error' ? (
        <Alert severity="error">
          <AlertTitle>{t('forecast.analysis.errorTitle')}</AlertTitle>
          {state.message}
        </Alert>
      ) : null}
      {state.status === 'success' ? <AnalysisResult data={state.data} /> : null}
      {state.status === 'idle' ? (
        <Typography color="text.secondary">{t('forecast.analysis.idle')}</Typography>
      ) : null}
    </Paper>
  );
}
