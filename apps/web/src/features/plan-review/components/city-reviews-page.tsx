import { useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { PlanSubmission } from '@sk-tanaw/contract';
import { ListState } from '../../../components/list-state.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCityReviews } from '../api/plan-review.ts';

const reviewDeadlineOf = (s: PlanSubmission) => s.deadlines.find((d) => d.rule === 'review-days');
const submitDeadlineOf = (s: PlanSubmission) =>
  s.deadlines.find((d) => d.rule === 'review-submit-days');

/** /city/reviews: the city's submitted SK budgets, each with its review deadline. */
export function CityReviewsPage() {
  const t = useT();
  useDocumentTitle(t('plans.review.city.title'));
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState<number | null>(null);
  const { data, isPending, error } = useCityReviews(year);
  const rows = data?.submissions ?? [];
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('plans.review.city.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('plans.review.city.year')}
        value={year === null ? '' : String(year)}
        onChange={(e) => setYear(e.target.value === '' ? null : Number(e.target.value))}
        sx={{ mb: 2, minWidth: 160 }}
      >
        <MenuItem value="">{t('plans.review.city.allYears')}</MenuItem>
        {[thisYear + 1, thisYear, thisYear - 1].map((y) => (
          <MenuItem key={y} value={String(y)}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <ListState
        error={error}
        errorText={errorMessage}
        loading={isPending}
        loadingLabel={t('plans.review.city.loading')}
      />
      {data && rows.length === 0 ? <Typography>{t('plans.review.city.none')}</Typography> : null}
      {rows.length > 0 ? (
        <ScrollRegion label={t('plans.review.city.tableLabel')}>
          <Table size="small" aria-label={t('plans.review.city.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('plans.review.city.barangay')}</TableCell>
                <TableCell>{t('plans.review.city.yearCol')}</TableCell>
                <TableCell>{t('plans.review.city.received')}</TableCell>
                <TableCell>{t('plans.review.city.state')}</TableCell>
                <TableCell>{t('plans.review.city.reviewDue')}</TableCell>
                <TableCell>{t('plans.review.city.daysLeft')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => {
                const review = reviewDeadlineOf(s);
                const submitLate = submitDeadlineOf(s)?.late ?? false;
                return (
                  <TableRow key={s.id}>
                    <TableCell>
                      <Link component={RouterLink} to={`/city/reviews/${String(s.id)}`}>
                        {s.barangay.name}
                      </Link>
                      {s.barangay.district ? ` (${s.barangay.district})` : ''}
                    </TableCell>
                    <TableCell>
                      {s.year}
                      {s.amendment > 0 ? ` · v${String(s.amendment + 1)}` : ''}
                    </TableCell>
                    <TableCell>
                      {formatDate(`${s.receivedOn}T00:00:00+08:00`)}
                      {submitLate ? (
                        <Chip
                          size="small"
                          color="warning"
                          sx={{ ml: 1 }}
                          label={t('plans.review.city.submittedLate')}
                        />
                      ) : null}
                    </TableCell>
                    <TableCell>{t(`plans.review.state.${s.state}`)}</TableCell>
                    <TableCell>
                      {review ? formatDate(`${review.dueOn}T00:00:00+08:00`) : ''}
                    </TableCell>
                    <TableCell>
                      {review?.doneOn
                        ? t('plans.review.deadline.done', {
                            date: formatDate(`${review.doneOn}T00:00:00+08:00`),
                          })
                        : review && review.daysRemaining !== null && review.daysRemaining >= 0
                          ? t('plans.review.deadline.remaining', { count: review.daysRemaining })
                          : review
                            ? t('plans.review.deadline.overdue', {
                                count: -(review.daysRemaining ?? 0),
                              })
                            : ''}
                      {review?.late ? (
                        <Chip
                          size="small"
                          color="error"
                          sx={{ ml: 1 }}
                          label={t('plans.review.deadline.late')}
                        />
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollRegion>
      ) : null}
    </Box>
  );
}
