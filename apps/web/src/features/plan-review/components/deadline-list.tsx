import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReviewDeadline } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { formatDate } from '../../../lib/format.ts';

const manilaDay = (date: string) => formatDate(`${date}T00:00:00+08:00`);

/** One line per deadline: what, due when (Manila), days remaining or when done, late flagged. */
export function DeadlineList({ deadlines }: { deadlines: readonly ReviewDeadline[] }) {
  const t = useT();
  return (
    <Stack spacing={0.75} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {deadlines.map((d) => (
        <Stack
          key={d.rule}
          component="li"
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
          data-testid={`deadline-${d.rule}`}
        >
          <Typography sx={{ fontWeight: 600 }}>{t(`plans.review.deadline.${d.rule}`)}</Typography>
          <Typography>
            {t('plans.review.deadline.due', { date: manilaDay(d.dueOn), days: String(d.days) })}
          </Typography>
          <Typography color="text.secondary">
            {d.doneOn !== null
              ? t('plans.review.deadline.done', { date: manilaDay(d.doneOn) })
              : (d.daysRemaining ?? 0) >= 0
                ? t('plans.review.deadline.remaining', { count: d.daysRemaining ?? 0 })
                : t('plans.review.deadline.overdue', { count: -(d.daysRemaining ?? 0) })}
          </Typography>
          {d.late ? (
            <Chip size="small" color="error" label={t('plans.review.deadline.late')} />
          ) : null}
          <Typography variant="caption" color="text.secondary">
            {d.source}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
