import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PredictiveResult } from '@sk-tanaw/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { useT } from '../../../i18n/index.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Bullets({ items }: { items: readonly string[] }) {
  const t = useT();
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('predictive.result.nothing')}</Typography>;
  }
  return (
    <Box component="ul" sx={{ m: 0, pl: 3 }}>
      {items.map((item) => (
        <Typography component="li" key={item} sx={{ mb: 0.5 }}>
          {item}
        </Typography>
      ))}
    </Box>
  );
}

function Fields({ fields }: { fields: [string, string][] }) {
  return (
    <Stack spacing={1}>
      {fields.map(([label, text]) => (
        <Typography key={label}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {label}
          </Box>{' '}
          {text}
        </Typography>
      ))}
    </Stack>
  );
}

/** True when the result carries no section with content. */
export function isEmptyResult(result: PredictiveResult): boolean {
  const lists = [
    result.success_factors,
    result.recommendations,
    result.risk_mitigation_strategies,
    result.predicted_trends,
    result.feedback,
  ];
  return (
    result.summary_report.trim() === '' &&
    lists.every((l) => !l || l.length === 0) &&
    !result.budget &&
    !result.implementation_date &&
    !result.estimated_duration
  );
}

/** Every section of the predictive result; `customized` adds the heading and footer fields. */
export function AnalysisResult({
  result,
  customized,
}: {
  result: PredictiveResult;
  customized: boolean;
}) {
  const t = useT();
  const { metadata } = result;
  const feedback = result.feedback;
  return (
    <Paper sx={{ p: 3, borderRadius: 3 }} elevation={0} variant="outlined">
      {customized ? (
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {t('predictive.result.customized')}
        </Typography>
      ) : null}
      <Section title={t('predictive.result.summary')}>
        <Typography>{result.summary_report}</Typography>
      </Section>
      {result.success_factors ? (
        <Section title={t('predictive.result.successFactors')}>
          <Bullets items={result.success_factors} />
        </Section>
      ) : null}
      {result.recommendations ? (
        <Section title={t('predictive.result.recommendations')}>
          <Bullets items={result.recommendations} />
        </Section>
      ) : null}
      {result.risk_mitigation_strategies ? (
        <Section title={t('predictive.result.risks')}>
          {result.risk_mitigation_strategies.length === 0 ? (
            <Typography color="text.secondary">{t('predictive.result.noRisk')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small" aria-label={t('predictive.result.risksTable')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={{ fontWeight: 700 }}>{t('predictive.result.risk')}</TableCell>
                    <TableCell sx={{ fontWeight: 700 }}>
                      {t('predictive.result.mitigation')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.risk_mitigation_strategies.map((r) => (
                    <TableRow key={r.risk}>
                      <TableCell>{r.risk}</TableCell>
                      <TableCell>{r.mitigation}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Section>
      ) : null}
      {result.predicted_trends ? (
        <Section title={t('predictive.result.predictedTrends')}>
          <Bullets items={result.predicted_trends} />
        </Section>
      ) : null}
      {result.budget ? (
        <Section title={t('predictive.result.budget')}>
          <Fields
            fields={[
              [t('predictive.field.analysis'), result.budget.analysis],
              [t('predictive.field.historicalPatterns'), result.budget.historical_patterns],
              [t('predictive.field.currentTrends'), result.budget.current_trends],
              [t('predictive.field.recommendations'), result.budget.recommendations],
            ]}
          />
        </Section>
      ) : null}
      {result.implementation_date ? (
        <Section title={t('predictive.result.timeline')}>
          <Fields
            fields={[
              [t('predictive.field.analysis'), result.implementation_date.analysis],
              [
                t('predictive.field.historicalPatterns'),
                result.implementation_date.historical_patterns,
              ],
              [
                t('predictive.field.currentPractices'),
                result.implementation_date.current_practices,
              ],
              [t('predictive.field.seasonalFactors'), result.implementation_date.seasonal_factors],
              [
                t('predictive.field.resourceConsiderations'),
                result.implementation_date.resource_considerations,
              ],
            ]}
          />
        </Section>
      ) : null}
      {result.estimated_duration ? (
        <Section title={t('predictive.result.duration')}>
          <Fields
            fields={[
              [t('predictive.field.analysis'), result.estimated_duration.analysis],
              [
                t('predictive.field.historicalTimeframes'),
                result.estimated_duration.historical_timeframes,
              ],
              [
                t('predictive.field.complexityFactors'),
                result.estimated_duration.complexity_factors,
              ],
              [t('predictive.field.currentStandards'), result.estimated_duration.current_standards],
              [t('predictive.field.dependencies'), result.estimated_duration.dependencies],
            ]}
          />
        </Section>
      ) : null}
      {feedback ? (
        <Section title={t('predictive.result.feedback')}>
          <Bullets items={feedback} />
        </Section>
      ) : null}
      <Divider sx={{ my: 2 }} />
      <Stack component="footer" spacing={0.5}>
        <Typography variant="body2" color="text.secondary">
          {t('predictive.result.generated', { date: formatDateTime(metadata.timestamp) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('predictive.result.dataSource', { source: metadata.data_source })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('predictive.result.internetSources', {
            count: metadata.internet_sources_consulted,
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('predictive.result.weighting', { weighting: metadata.data_weighting })}
        </Typography>
        {customized ? (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('predictive.result.analysisType', { type: metadata.analysis_type })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('predictive.result.projectsAnalysed', {
                count: metadata.total_projects_analyzed,
              })}
            </Typography>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
