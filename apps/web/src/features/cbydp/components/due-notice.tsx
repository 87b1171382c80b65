import Alert from '@mui/material/Alert';
import { citationKeyOf, type Cbydp } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { dateText } from '../../kk-assemblies/components/assemblies-page.tsx';

/** Where the CBYDP stands against its due date (rules table), with the source. */
export function DueNotice({ plan }: { plan: Cbydp }) {
  const t = useT();
  const { due } = plan;
  const date = due.dueOn ? dateText(due.dueOn) : '';
  // The law's words in the language shown when SK Tanaw knows them; else as the table has them.
  const law =
    due.source && citationKeyOf(due.source) === 'cbydpDue'
      ? t('plans.check.source.cbydpDue')
      : (due.source ?? '');
  const source = law ? t('plans.cbydp.due.source', { source: law }) : '';
  switch (due.state) {
    case 'on-time':
      return (
        <Alert
          severity="success"
          sx={{ mb: 2 }}
        >{`${t('plans.cbydp.due.onTime', { date })} ${source}`}</Alert>
      );
    case 'late':
      return (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
        >{`${t('plans.cbydp.due.late', { date })} ${source}`}</Alert>
      );
    case 'due':
      return (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
        >{`${t('plans.cbydp.due.due', { date })} ${source}`}</Alert>
      );
    case 'overdue':
      return (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
        >{`${t('plans.cbydp.due.overdue', { date })} ${source}`}</Alert>
      );
    default:
      return (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('plans.cbydp.due.ruleMissing')}
        </Alert>
      );
  }
}
