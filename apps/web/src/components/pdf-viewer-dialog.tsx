import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '../lib/toast.ts';
import { i18n, useT } from '../i18n/index.ts';
import type { PdfDocument } from '../lib/pdf-document.ts';
import { FileActionError } from '../lib/file-download.ts';

/** A PDF to show: its name, how to get its bytes and how to save it. */
export interface PdfSource {
  fileName: string;
  load: () => Promise<Blob>;
  download: () => Promise<void>;
}

const PAGE_WIDTH = 860;
const MAX_PAGES = 100;

function PdfPage({
  pdf,
  pageNumber,
  pageCount,
}: {
  pdf: PdfDocument;
  pageNumber: number;
  pageCount: number;
}) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!target) {
      return;
    }
    import('../lib/pdf-document.ts')
      .then(({ renderPage }) => renderPage(pdf, pageNumber, target, PAGE_WIDTH))
      .catch(() => setFailed(true));
  }, [pdf, pageNumber]);
  if (failed) {
    return <Alert severity="error">{t('common.pdf.viewFailed')}</Alert>;
  }
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={t('common.pdf.page', { pageNumber, pageCount })}
      style={{ display: 'block', margin: '0 auto 16px', boxShadow: '0 1px 4px rgba(0,0,0,.25)' }}
    />
  );
}

type ViewerState =
  | { phase: 'loading' }
  | { phase: 'ready'; pdf: PdfDocument }
  | { phase: 'failed'; message: string };

/** In-page PDF viewer: pdf.js is downloaded the first time a PDF is opened. */
export function PdfViewerDialog({
  source,
  onClose,
  failedMessage: failedMessageProp,
}: {
  source: PdfSource | null;
  onClose: () => void;
  /** Shown when a failure carries no text of its own. */
  failedMessage?: string;
}) {
  const t = useT();
  const failedMessage = failedMessageProp ?? t('common.pdf.viewFailed');
  const [state, setState] = useState<ViewerState>({ phase: 'loading' });

  useEffect(() => {
    if (!source) {
      return undefined;
    }
    // An object, not a `let`: the cleanup below flips it after the async work has started.
    const run = { cancelled: false };
    let opened: PdfDocument | null = null;
    setState({ phase: 'loading' });
    (async () => {
      const blob = await source.load();
      let bytes: ArrayBuffer;
      try {
        bytes = await blob.arrayBuffer();
      } catch {
        throw new FileActionError(i18n._('common.pdf.viewLoadFailed'));
      }
      try {
        const { openPdf } = await import('../lib/pdf-document.ts');
        opened = await openPdf(bytes);
      } catch {
        throw new FileActionError(i18n._('common.pdf.viewFailed'));
      }
      if (!run.cancelled) {
        setState({ phase: 'ready', pdf: opened });
      }
    })().catch((error: unknown) => {
      const message =
        error instanceof FileActionError
          ? error.message
          : (failedMessageProp ?? i18n._('common.pdf.viewFailed'));
      if (!run.cancelled) {
        setState({ phase: 'failed', message });
        toast.error(message);
      }
    });
    return () => {
      run.cancelled = true;
      void opened?.destroy();
    };
  }, [source, failedMessageProp]);

  const download = () => {
    source?.download().catch((error: unknown) => {
      toast.error(error instanceof FileActionError ? error.message : failedMessage);
    });
  };

  const pageCount = state.phase === 'ready' ? Math.min(state.pdf.numPages, MAX_PAGES) : 0;
  return (
    <Dialog
      open={source !== null}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="pdf-viewer-title"
    >
      <DialogTitle id="pdf-viewer-title">{source?.fileName ?? ''}</DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'grey.100', minHeight: 400 }}>
        {state.phase === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label={t('common.pdf.loading')} />
          </Box>
        ) : null}
        {state.phase === 'failed' ? <Alert severity="error">{state.message}</Alert> : null}
        {state.phase === 'ready'
          ? Array.from({ length: pageCount }, (_, i) => (
              <PdfPage
                key={i + 1}
                pdf={state.pdf}
                pageNumber={i + 1}
                pageCount={state.pdf.numPages}
              />
            ))
          : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={download}>{t('common.pdf.download')}</Button>
        <Button onClick={onClose} variant="contained">
          {t('common.pdf.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
