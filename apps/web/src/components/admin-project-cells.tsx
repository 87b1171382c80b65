import { useState, type ReactNode } from 'react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useT } from '../i18n/index.ts';
import { formatDateTime } from '../lib/format.ts';
import { DocumentCell } from './document-cell.tsx';
import { PdfViewerDialog, type PdfSource } from './pdf-viewer-dialog.tsx';
import { StatusChip } from './status-chip.tsx';

/** One project as the admin project list and the archive show it (their answers name fields apart). */
export interface AdminProjectCellsProps {
  reference: string;
  proposer: string;
  title: string;
  status: string;
  submittedDate: string;
  reviewedBy: string | null;
  remarks: string | null;
  fileName: string | null;
  fileType: string | null;
  signedUrl: () => Promise<string>;
  onView: (source: PdfSource) => void;
  onError: (message: string) => void;
}

/**
 * A row of the admin project list or the archive: the cells they share, from reference number
 * to document, then the page's own action.
 */
export function AdminProjectRow({
  action,
  ...props
}: AdminProjectCellsProps & { action: ReactNode }) {
  const t = useT();
  return (
    <TableRow hover>
      <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.8rem' }}>
        {props.reference}
      </TableCell>
      <TableCell>{props.proposer}</TableCell>
      <TableCell sx={{ fontWeight: 600 }}>{props.title}</TableCell>
      <TableCell>
        <StatusChip status={props.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(props.submittedDate)}</TableCell>
      <TableCell>{props.reviewedBy || t('common.notAvailable')}</TableCell>
      <TableCell sx={{ maxWidth: 220 }}>{props.remarks || t('common.notAvailable')}</TableCell>
      <TableCell>
        <DocumentCell
          fileName={props.fileName}
          fileType={props.fileType}
          signedUrl={props.signedUrl}
          onView={props.onView}
          onError={props.onError}
        />
      </TableCell>
      <TableCell>{action}</TableCell>
    </TableRow>
  );
}

/**
 * The document viewer of the admin project list and the archive: `open` is the rows' `onView`,
 * `dialog` is rendered once on the page.
 */
export function useAdminDocumentViewer() {
  const t = useT();
  const [viewed, setViewed] = useState<PdfSource | null>(null);
  return {
    open: setViewed,
    dialog: (
      <PdfViewerDialog
        source={viewed}
        onClose={() => setViewed(null)}
        failedMessage={t('admin.fileFailed')}
      />
    ),
  };
}
