import { useMemo } from 'react';
import { PdfViewerDialog as Viewer } from '../../../components/pdf-viewer-dialog.tsx';
import { downloadDocument, fetchDocument } from '../lib/file-actions.ts';

export interface ViewedFile {
  fileUrl: string;
  fileName: string;
}

/** The shared PDF viewer, fed with a project document's signed link. */
export function PdfViewerDialog({
  file,
  onClose,
}: {
  file: ViewedFile | null;
  onClose: () => void;
}) {
  const source = useMemo(
    () =>
      file
        ? {
            fileName: file.fileName,
            load: () => fetchDocument(file.fileUrl, 'view'),
            download: () => downloadDocument(file.fileUrl, file.fileName),
          }
        : null,
    [file],
  );
  return <Viewer source={source} onClose={onClose} />;
}
