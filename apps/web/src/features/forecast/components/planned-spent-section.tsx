import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SpendingChart } from '../../../components/spending-chart.tsx';
import { centreLabel } from '../../../lib/tracker-labels.ts';
import { usePlannedSpent } from '../api/get-planned-spent.ts';
import { useT } from '../../../i18n/index.ts';

/**
 * What each posted plan appropriated next to what was really disbursed, by year and by centre,
 * so the forecast can be read against what happened. Shown only when there is such a year: the
 * forecast page works as before without it.
 */
export function PlannedSpentSection() {
  const t = useT();
  const query = usePlannedSpent();
  const years = [...(query.data ?? [])].sort((a, b) => b.year - a.year);
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = years.find((y) => y.year === chosen) ?? years[0];
  if (!shown) {
    return null;
  }
  return (
    <Paper sx={{ p: 3, mb: 3 }} component="section" aria-labelledby="planned-spent-heading">
      <Typography id="planned-spent-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('forecast.plannedSpent.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('forecast.plannedSpent.intro')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <SpendingChart
          title={t('forecast.plannedSpent.byYear')}
          titleComponent="h3"
          plannedLabel={t('forecast.plannedSpent.planned')}
          spentLabel={t('forecast.plannedSpent.spent')}
          rowHeader={t('forecast.plannedSpent.year')}
          testId="planned-spent-years"
          rows={years.map((y) => ({
            key: String(y.year),
            label: String(y.year),
            planned: y.planned,
            spent: y.spent,
          }))}
        />
        <Box>
          {years.length > 1 ? (
            <TextField
              select
              size="small"
              label={t('forecast.plannedSpent.year')}
              value={String(shown.year)}
              onChange={(event) => setChosen(Number(event.target.value))}
              sx={{ width: 120, mb: 1.5 }}
            >
              {years.map((y) => (
                <MenuItem key={y.year} value={String(y.year)}>
                  {y.year}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <SpendingChart
            title={t('forecast.plannedSpent.byCentre', { year: String(shown.year) })}
            titleComponent="h3"
            plannedLabel={t('forecast.plannedSpent.planned')}
            spentLabel={t('forecast.plannedSpent.spent')}
            rowHeader={t('forecast.plannedSpent.centre')}
            testId="planned-spent-centres"
            rows={shown.byCentre.map((c) => ({
              key: c.centre ?? 'general',
              label: centreLabel(t, c.centre),
              planned: c.planned,
              spent: c.spent,
            }))}
          />
        </Box>
      </Box>
    </Paper>
  );
}
