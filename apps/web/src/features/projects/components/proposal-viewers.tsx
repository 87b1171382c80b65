import { useState, type ReactNode } from 'react';
import type { Project } from '@sk-tanaw/contract';
import { lazyComponent, OpenedOnce } from '../../../components/opened-once.tsx';
import type { ViewedFile } from './pdf-viewer-dialog.tsx';
import type { RemarksView } from './remarks-dialog.tsx';

const HistoryDialog = lazyComponent(
  async () => (await import('./history-dialog.tsx')).HistoryDialog,
);
const PdfViewerDialog = lazyComponent(
  async () => (await import('./pdf-viewer-dialog.tsx')).PdfViewerDialog,
);
const RemarksDialog = lazyComponent(
  async () => (await import('./remarks-dialog.tsx')).RemarksDialog,
);

/**
 * What every list of proposals opens from a row (the officer's and the reviewer's): a proposal's
 * history, the reviewer's remarks and the document itself, each dialog loaded on first use.
 */
export function useProposalViewers(): {
  openHistory: (project: Project) => void;
  openRemarks: (view: RemarksView) => void;
  openFile: (file: ViewedFile) => void;
  dialogs: ReactNode;
} {
  const [viewed, setViewed] = useState<ViewedFile | null>(null);
  const [remarks, setRemarks] = useState<RemarksView | null>(null);
  const [history, setHistory] = useState<Project | null>(null);
  const dialogs = (
    <>
      <OpenedOnce open={history !== null}>
        <HistoryDialog project={history} onClose={() => setHistory(null)} onView={setViewed} />
      </OpenedOnce>
      <OpenedOnce open={remarks !== null}>
        <RemarksDialog view={remarks} onClose={() => setRemarks(null)} />
      </OpenedOnce>
      <OpenedOnce open={viewed !== null}>
        <PdfViewerDialog file={viewed} onClose={() => setViewed(null)} />
      </OpenedOnce>
    </>
  );
  return { openHistory: setHistory, openRemarks: setRemarks, openFile: setViewed, dialogs };
}
