import Download from '@mui/icons-material/Download';
import type { PlanDocument, PlanDocumentFormat } from '@sk-tanaw/contract';
import { DownloadMenu } from '../../../components/download-menu.tsx';
import { useT } from '../../../i18n/index.ts';
import { downloadPlanDocument } from '../api/download-plan-document.ts';

const ITEMS: { document: PlanDocument; format: PlanDocumentFormat; labelKey: string }[] = [
  { document: 'abyip', format: 'xlsx', labelKey: 'plans.downloads.abyipExcel' },
  { document: 'abyip', format: 'pdf', labelKey: 'plans.downloads.abyipPdf' },
  { document: 'annual-budget', format: 'xlsx', labelKey: 'plans.downloads.budgetExcel' },
  { document: 'annual-budget', format: 'pdf', labelKey: 'plans.downloads.budgetPdf' },
];

/** The ABYIP and the SK annual budget as Excel workbooks and PDFs (as last saved). */
export function DownloadsMenu({ id, year }: { id: number; year: number }) {
  const t = useT();
  return (
    <DownloadMenu
      id="plan-downloads"
      icon={<Download />}
      label={t('plans.downloads.button')}
      preparingLabel={t('plans.downloads.preparing')}
      choices={ITEMS.map(({ document, format, labelKey }) => ({
        key: labelKey,
        label: t(labelKey),
        download: () => downloadPlanDocument({ id, year, document, format }),
      }))}
    />
  );
}
