import Assessment from '@mui/icons-material/Assessment';
import { TRACKER_REPORT_PERIODS } from '@sk-tanaw/contract';
import { DownloadMenu } from '../../../components/download-menu.tsx';
import { useT } from '../../../i18n/index.ts';
import { reportPeriodLabel } from '../../../lib/tracker-labels.ts';
import { downloadReport, type ReportFormat } from '../api/download-report.ts';

const FORMATS: { format: ReportFormat; name: string }[] = [
  { format: 'xlsx', name: 'Excel' },
  { format: 'pdf', name: 'PDF' },
];

/** The quarterly and year-end accomplishment reports of a year, as Excel workbooks and PDFs. */
export function ReportsMenu({ year, disabled }: { year: number; disabled: boolean }) {
  const t = useT();
  return (
    <DownloadMenu
      id="tracker-reports"
      icon={<Assessment />}
      label={t('tracker.reports.button')}
      preparingLabel={t('tracker.reports.preparing')}
      heading={t('tracker.reports.heading', { year: String(year) })}
      choices={TRACKER_REPORT_PERIODS.flatMap((period) =>
        FORMATS.map(({ format, name }) => ({
          key: `${period}-${format}`,
          label: t('tracker.reports.item', { period: reportPeriodLabel(t, period), format: name }),
          download: () => downloadReport(year, period, format),
        })),
      )}
      disabled={disabled}
    />
  );
}
