import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import {
  EXPENSE_CLASSES,
  formatPlanPeso,
  type Disbursement,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { dayText } from '../lib/dates.ts';
import { EmptyNote } from './section-parts.tsx';

/**
 * The spending section on a phone (below 1024 px): what the wide tables show, as a list of
 * cards, each a definition list, so nothing is wider than the screen; the buttons are a thumb's
 * height (48 px) and named for the record.
 */

/** Terms and values, two columns: the term at the left, the amount at the right. */
function Figures({ rows, strong = false }: { rows: [string, ReactNode][]; strong?: boolean }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) max-content',
        columnGap: 2,
        rowGap: 0.25,
        m: 0,
        fontSize: 15,
        '& dt': { color: 'text.secondary' },
        '& dd': { m: 0, textAlign: 'right', fontWeight: strong ? 700 : 500 },
      }}
    >
      {rows.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

const cardList = {
  listStyle: 'none',
  p: 0,
  m: 0,
  mb: 2,
  display: 'grid',
  gap: 1.5,
} as const;

/** Appropriated, disbursed and balance per class, then the line's total. */
export function ByClassCards({ item }: { item: TrackerItem }) {
  const t = useT();
  const label = t('tracker.spending.byClass');
  const figures = (appropriated: number, disbursed: number): [string, ReactNode][] => [
    [t('tracker.figures.appropriated'), formatPlanPeso(appropriated)],
    [t('tracker.figures.disbursed'), formatPlanPeso(disbursed)],
    [t('tracker.figures.balance'), formatPlanPeso(appropriated - disbursed)],
  ];
  return (
    <Box component="ul" aria-label={label} sx={cardList}>
      {EXPENSE_CLASSES.map((c) => (
        <Paper component="li" key={c} variant="outlined" data-class={c} sx={{ p: 1.5 }}>
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{c}</Typography>
          <Figures rows={figures(item.appropriatedByClass[c], item.disbursedByClass[c])} />
        </Paper>
      ))}
      <Paper
        component="li"
        variant="outlined"
        data-class="total"
        sx={{ p: 1.5, bgcolor: 'grey.100' }}
      >
        <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{t('tracker.spending.total')}</Typography>
        <Figures strong rows={figures(item.spending.appropriated, item.spending.disbursed)} />
      </Paper>
    </Box>
  );
}

/** The disbursements, newest as the server orders them, each with its edit and delete. */
export function DisbursementCards({
  disbursements,
  readOnly,
  onEdit,
  onDelete,
}: {
  disbursements: readonly Disbursement[];
  readOnly: boolean;
  onEdit: (disbursement: Disbursement) => void;
  onDelete: (disbursement: Disbursement) => void;
}) {
  const t = useT();
  if (disbursements.length === 0) {
    return <EmptyNote>{t('tracker.spending.empty')}</EmptyNote>;
  }
  return (
    <Box component="ul" aria-label={t('tracker.spending.disbursements')} sx={cardList}>
      {disbursements.map((d) => (
        <Paper
          component="li"
          key={d.id}
          variant="outlined"
          data-reference={d.reference}
          sx={{ p: 1.5 }}
        >
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: 1,
            }}
          >
            <Typography component="h4" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {d.reference}
            </Typography>
            <Typography sx={{ fontWeight: 800, fontSize: '1.1rem', whiteSpace: 'nowrap' }}>
              {formatPlanPeso(d.amount)}
            </Typography>
          </Box>
          <Figures
            rows={[
              [t('tracker.disbursement.field.date'), dayText(d.date)],
              [t('tracker.disbursement.field.class'), d.expenseClass],
            ]}
          />
          {d.note ? (
            <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
              {d.note}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('tracker.spending.column.recordedBy')}: {d.recordedBy},{' '}
            {formatDateTime(d.recordedAt)}
          </Typography>
          {readOnly ? null : (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 0.5 }}>
              <IconButton
                aria-label={t('tracker.disbursement.edit', { reference: d.reference })}
                onClick={() => onEdit(d)}
                sx={{ width: 48, height: 48 }}
              >
                <Edit />
              </IconButton>
              <IconButton
                aria-label={t('tracker.disbursement.delete', { reference: d.reference })}
                onClick={() => onDelete(d)}
                sx={{ width: 48, height: 48 }}
              >
                <Delete />
              </IconButton>
            </Box>
          )}
        </Paper>
      ))}
    </Box>
  );
}
