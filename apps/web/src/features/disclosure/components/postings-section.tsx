import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  DISCLOSURE_DOCUMENT_PATH,
  DISCLOSURE_REPORT_PATH,
  END_OF_TERM_REPORT_PATH,
  endpointPath,
  type DisclosureDocument,
  type DisclosureDue,
  type DisclosurePosting,
  type DisclosureSchedule,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

type T = ReturnType<typeof useT>;

const dayOf = (isoDay: string) => formatDate(`${isoDay}T00:00:00+08:00`);

/** 'ABYIP 2026', 'End-of-term report (term ending 2026)'. */
export function documentName(t: T, document: DisclosureDocument, year: number): string {
  const values = { year: String(year) };
  switch (document) {
    case 'abyip':
      return t('plans.disclosure.document.abyip', values);
    case 'annual-budget':
      return t('plans.disclosure.document.annualBudget', values);
    case 'annual-report':
      return t('plans.disclosure.document.annualReport', values);
    case 'end-of-term-report':
      return t('plans.disclosure.document.endOfTerm', values);
  }
}

/** Where the public board serves a posted document (PDF). */
function documentHref(code: string, posting: DisclosurePosting): string | null {
  const year = posting.year;
  switch (posting.document) {
    case 'abyip':
    case 'annual-budget':
      return posting.planId === null
        ? null
        : `${endpointPath(DISCLOSURE_DOCUMENT_PATH, { barangayCode: code, id: posting.planId, document: posting.document })}?format=pdf`;
    case 'annual-report':
      return `${endpointPath(DISCLOSURE_REPORT_PATH, { barangayCode: code, year, period: 'year' })}?format=pdf`;
    case 'end-of-term-report':
      return `${endpointPath(END_OF_TERM_REPORT_PATH, { barangayCode: code, year })}?format=pdf`;
  }
}

function periodText(t: T, posting: DisclosurePosting): string {
  const { basis, value } = posting.period;
  if (basis === 'days') {
    return t('plans.disclosure.period.days', { days: String(value) });
  }
  return value === 0
    ? t('plans.disclosure.period.yearEnd')
    : t('plans.disclosure.period.nextYearEnd', { years: String(value) });
}

function DueItem({ due, action }: { due: DisclosureDue; action?: ReactNode }) {
  const t = useT();
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {documentName(t, due.document, due.year)}
        </Typography>
        {due.overdue ? (
          <Chip size="small" color="error" label={t('plans.disclosure.overdue')} />
        ) : due.beforeOnboarding ? (
          <Chip size="small" variant="outlined" label={t('plans.disclosure.beforeOnboarding')} />
        ) : null}
        {action ? <Box sx={{ ml: 'auto' }}>{action}</Box> : null}
      </Box>
      <Typography sx={{ fontSize: 14 }}>
        {due.dueOn
          ? t('plans.disclosure.dueOn', { date: dayOf(due.dueOn) })
          : t('plans.disclosure.noRule')}
      </Typography>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
        {due.confirmed
          ? t('plans.disclosure.source', { source: due.source })
          : t('plans.disclosure.sourceUnconfirmed', { source: due.source })}
      </Typography>
    </Paper>
  );
}

function PostingItem({ code, posting }: { code: string; posting: DisclosurePosting }) {
  const t = useT();
  const href = documentHref(code, posting);
  const name = documentName(t, posting.document, posting.year);
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {name}
        </Typography>
        <Chip
          size="small"
          color={posting.stillRequired ? 'success' : 'default'}
          label={
            posting.stillRequired
              ? t('plans.disclosure.required')
              : t('plans.disclosure.periodEnded')
          }
        />
      </Box>
      <Typography sx={{ fontSize: 14 }}>
        {t('plans.disclosure.postedOn', { when: formatDateTime(posting.postedOn) })}
      </Typography>
      <Typography sx={{ fontSize: 14 }}>
        {t('plans.disclosure.postedUntil', {
          date: dayOf(posting.postedUntil),
          period: periodText(t, posting),
        })}
      </Typography>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
        {t('plans.disclosure.source', { source: posting.period.source })}
      </Typography>
      {href ? (
        <Link href={href} download sx={{ display: 'inline-block', mt: 0.5, fontSize: 14 }}>
          {t('plans.disclosure.downloadPdf', { document: name })}
        </Link>
      ) : null}
    </Paper>
  );
}

const listSx = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 1,
  gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
} as const;

/**
 * What the council must post next (deadlines, overdue flagged) and what it posted, with the
 * posting date and how long each stays (DILG MC 2023-068). `action` adds a control to a due
 * item (the chairperson's "Post" on the planning page).
 */
export function PostingsSection({
  code,
  schedule,
  action,
}: {
  code: string;
  schedule: DisclosureSchedule;
  action?: (due: DisclosureDue) => ReactNode;
}) {
  const t = useT();
  // Under the section's h2 (the board's and the planning page's).
  const sub = 'h3';
  return (
    <Box>
      <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 2 }}>
        {t('plans.disclosure.asOf', { date: dayOf(schedule.asOf) })}
        {schedule.term
          ? ` ${t('plans.disclosure.term', { from: dayOf(schedule.term.startsOn), to: dayOf(schedule.term.endsOn) })}`
          : ''}
      </Typography>
      <Typography component={sub} sx={{ fontWeight: 700, mb: 1 }}>
        {t('plans.disclosure.nextDue')}
      </Typography>
      {schedule.nextDue.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{t('plans.disclosure.nothingDue')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('plans.disclosure.nextDue')} sx={{ ...listSx, mb: 3 }}>
          {schedule.nextDue.map((due) => (
            <DueItem key={`${due.document}-${String(due.year)}`} due={due} action={action?.(due)} />
          ))}
        </Box>
      )}
      <Typography component={sub} sx={{ fontWeight: 700, mb: 1 }}>
        {t('plans.disclosure.posted')}
      </Typography>
      {schedule.postings.length === 0 ? (
        <Typography>{t('plans.disclosure.nothingPosted')}</Typography>
      ) : (
        <Box component="ul" aria-label={t('plans.disclosure.posted')} sx={listSx}>
          {schedule.postings.map((posting) => (
            <PostingItem
              key={`${posting.document}-${String(posting.year)}-${posting.postedOn}`}
              code={code}
              posting={posting}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The public board's "Public disclosure" panel. */
export function PostingsPanel({ code, schedule }: { code: string; schedule: DisclosureSchedule }) {
  const t = useT();
  return (
    <Paper component="section" aria-labelledby="postings-title" sx={{ p: { xs: 2, md: 3 }, mb: 4 }}>
      <Typography id="postings-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('plans.disclosure.title')}
      </Typography>
      <PostingsSection code={code} schedule={schedule} />
    </Paper>
  );
}
