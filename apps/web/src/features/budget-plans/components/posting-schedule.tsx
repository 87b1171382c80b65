import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import { POSTABLE_REPORTS, can, type DisclosureDue, type PostableReport } from '@sk-tanaw/contract';
import { ListState } from '../../../components/list-state.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDisclosureSchedule, usePostReport } from '../../disclosure/api/postings.ts';
import { PostingsSection, documentName } from '../../disclosure/components/postings-section.tsx';

const isReport = (document: string): document is PostableReport =>
  (POSTABLE_REPORTS as readonly string[]).includes(document);

/**
 * The planning page's "Public disclosure" part: what the council must post next, with deadlines
 * and overdue flags, and what it posted; the chairperson posts the annual and end-of-term
 * reports from here (the plans go on the board from their own page).
 */
export function PostingSchedule() {
  const t = useT();
  const { user } = useAuth();
  const query = useDisclosureSchedule();
  const postReport = usePostReport();
  const chair = can(user, 'plan.approve');

  const action = (due: DisclosureDue) => {
    if (!chair || !isReport(due.document)) {
      return null;
    }
    const document = due.document;
    const name = documentName(t, document, due.year);
    return (
      <Button
        size="small"
        variant="contained"
        disabled={postReport.isPending}
        aria-label={t('plans.disclosure.postReport', { document: name })}
        onClick={() =>
          postReport.mutate(
            { document, year: due.year },
            {
              onSuccess: () =>
                toast.success(t('plans.disclosure.reportPosted', { document: name })),
              onError: (error) => toast.error(errorMessage(error)),
            },
          )
        }
      >
        {t('plans.disclosure.post')}
      </Button>
    );
  };

  return (
    <TitledSection id="disclosure" title={t('plans.disclosure.title')} sx={{ mt: 3 }}>
      <ListState
        error={query.error}
        errorText={errorMessage}
        loading={query.isPending}
        loadingLabel={t('plans.disclosure.loading')}
      />
      {query.data ? (
        <PostingsSection
          code={query.data.barangayCode}
          schedule={query.data.schedule}
          action={action}
        />
      ) : null}
    </TitledSection>
  );
}

/**
 * In the plan's "Post" dialog: by when the year's ABYIP must be on the board (DILG MC 2023-068),
 * flagged when that day has passed; nothing when the schedule does not list it as due.
 */
export function PlanPostingDue({ year }: { year: number }) {
  const t = useT();
  const query = useDisclosureSchedule();
  const due = query.data?.schedule.nextDue.find((d) => d.document === 'abyip' && d.year === year);
  if (!due?.dueOn) {
    return null;
  }
  const date = formatDate(`${due.dueOn}T00:00:00+08:00`);
  return (
    <Typography
      sx={{ mt: 1.5, fontWeight: due.overdue ? 700 : 400 }}
      color={due.overdue ? 'error.dark' : 'text.primary'}
    >
      {due.overdue
        ? t('plans.disclosure.planOverdue', { date })
        : due.beforeOnboarding
          ? t('plans.disclosure.planBeforeOnboarding', { date })
          : t('plans.disclosure.planDue', { date })}
    </Typography>
  );
}
