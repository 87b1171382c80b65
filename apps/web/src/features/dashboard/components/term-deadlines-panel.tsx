import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Alert from '@mui/material/Alert';
import { formatManilaDate, LANGUAGE_LOCALES } from '@sk-tanaw/contract';
import { TitledSection } from '../../../components/titled-section.tsx';
import { currentLanguage, useT } from '../../../i18n/index.ts';
import { useCurrentTerm } from '../api/get-current-term.ts';

/**
 * The chairperson's first deadlines of the term in office, counted from the day the SK assumed
 * office, with the Manila days left; or, after the caller's own term, the read-only window.
 */
export function TermDeadlinesPanel({ enabled }: { enabled: boolean }) {
  const t = useT();
  const query = useCurrentTerm(enabled);
  const data = query.data;
  if (!enabled || !data) {
    return null;
  }
  const locale = LANGUAGE_LOCALES[currentLanguage()];
  if (data.standing === 'read-only' && data.readOnlyUntil) {
    return (
      <Alert severity="warning" sx={{ mb: 4 }}>
        {t('dashboard.term.readOnly', { until: formatManilaDate(data.readOnlyUntil, locale) })}
      </Alert>
    );
  }
  if (!data.term || data.deadlines.length === 0) {
    return null;
  }
  return (
    <TitledSection
      id="dashboard-term"
      title={t('dashboard.term.title', { start: formatManilaDate(data.term.startsAt, locale) })}
      sx={{ mb: 4 }}
    >
      <List dense>
        {data.deadlines.map((d) => (
          <ListItem key={d.key} disableGutters>
            <ListItemText
              primary={t(`dashboard.term.deadline.${d.key}`)}
              secondary={`${t(d.daysLeft < 0 ? 'dashboard.term.overdue' : 'dashboard.term.due', {
                date: formatManilaDate(`${d.dueOn}T12:00:00+08:00`, locale),
                days: Math.abs(d.daysLeft),
              })} · ${d.source}`}
            />
          </ListItem>
        ))}
      </List>
    </TitledSection>
  );
}
