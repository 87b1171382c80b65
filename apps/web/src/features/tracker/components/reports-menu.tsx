import { useState } from 'react';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Assessment from '@mui/icons-material/Assessment';
import { toast } from 'react-toastify';
import { TRACKER_REPORT_PERIODS, type TrackerReportPeriod } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { reportPeriodLabel } from '../../../lib/tracker-labels.ts';
import { downloadReport, type ReportFormat } from '../api/download-report.ts';

const FORMATS: { format: ReportFormat; name: string }[] = [
  { format: 'xlsx', name: 'Excel' },
  { format: 'pdf', name: 'PDF' },
];

/** The quarterly and year-end accomplishment reports of a year, as Excel workbooks and PDFs. */
export function ReportsMenu({ year, disabled }: { year: number; disabled: boolean }) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (period: TrackerReportPeriod, format: ReportFormat) => {
    setAnchor(null);
    setBusy(true);
    try {
      await downloadReport(year, period, format);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<Assessment />}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? 'tracker-reports' : undefined}
        disabled={busy || disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? t('tracker.reports.preparing') : t('tracker.reports.button')}
      </Button>
      <Menu
        id="tracker-reports"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
      >
        <ListSubheader sx={{ lineHeight: '32px' }}>
          {t('tracker.reports.heading', { year: String(year) })}
        </ListSubheader>
        {TRACKER_REPORT_PERIODS.flatMap((period) =>
          FORMATS.map(({ format, name }) => (
            <MenuItem key={`${period}-${format}`} onClick={() => void download(period, format)}>
              {t('tracker.reports.item', { period: reportPeriodLabel(t, period), format: name })}
            </MenuItem>
          )),
        )}
      </Menu>
    </>
  );
}
