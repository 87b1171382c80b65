import { TRACKER_REPORT_PATH, endpointPath, type TrackerReportPeriod } from '@sk-tanaw/contract';
import { downloadApiFile } from '../../../lib/api-download.ts';

export type ReportFormat = 'xlsx' | 'pdf';

/** GET /api/tracker/reports/:period?year=&format=: the accomplishment report, saved as a file. */
export function downloadReport(
  year: number,
  period: TrackerReportPeriod,
  format: ReportFormat,
): Promise<void> {
  return downloadApiFile(
    endpointPath(TRACKER_REPORT_PATH, { period }),
    { year: String(year), format },
    `accomplishment-report-${String(year)}-${period}.${format}`,
  );
}
