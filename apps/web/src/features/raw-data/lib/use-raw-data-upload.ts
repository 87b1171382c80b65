import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import {
  RAW_DATA_LARGE_FILE_BYTES,
  RAW_DATA_REFRESH_DELAY_MS,
  RAW_DATA_WARNING_DELAY_MS,
  type RawDataUploadResponse,
} from '@sk-tanaw/contract';
import {
  NETWORK_TIMEOUT_EVENT,
  UPLOAD_PROGRESS_EVENT,
  type UploadProgressDetail,
} from '../../../lib/api-events.ts';
import { i18n } from '../../../i18n/index.ts';
import {
  errorMessage,
  errorStatus,
  isAxiosError,
  isTimeoutError,
  serverMessage,
} from '../../../lib/api-errors.ts';
import { uploadRawData } from '../api/upload-raw-data.ts';
import { rawDataKeys } from '../api/raw-data.ts';

/** Spec part 2 section 4: idle, uploading or processing (controls disabled), then an outcome. */
export type UploadState = 'idle' | 'uploading' | 'processing' | 'success' | 'warning' | 'error';

export type FlashSeverity = 'success' | 'info' | 'warning' | 'error';

export interface Flash {
  id: number;
  severity: FlashSeverity;
  text: string;
}

/** Flash messages auto-dismiss after 8 seconds, except info and warnings shown during upload. */
export const FLASH_MS = 8_000;

/** The reason after 'Upload failed: ': the server's message, the error's, or the fallback. */
function failureReason(error: unknown): string {
  if (isAxiosError(error) && error.response) {
    // errorMessage gives the server's message in the language shown.
    return serverMessage(error.response.data) !== null ? errorMessage(error) : error.message;
  }
  if (error instanceof Error && error.message) {
    return error.message;
  }
  return i18n._('rawdata.upload.unknownError');
}

export function useRawDataUpload() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [state, setState] = useState<UploadState>('idle');
  const [percent, setPercent] = useState(0);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [result, setResult] = useState<RawDataUploadResponse | null>(null);
  const timers = useRef<number[]>([]);
  const flashId = useRef(0);
  const busy = state === 'uploading' || state === 'processing';

  const later = useCallback((ms: number, run: () => void) => {
    timers.current.push(window.setTimeout(run, ms));
  }, []);
  useEffect(() => () => timers.current.forEach((id) => window.clearTimeout(id)), []);

  const show = useCallback(
    (severity: FlashSeverity, text: string, sticky = false) => {
      flashId.current += 1;
      const id = flashId.current;
      setFlash({ id, severity, text });
      if (!sticky) {
        later(FLASH_MS, () => setFlash((current) => (current?.id === id ? null : current)));
      }
    },
    [later],
  );

  // The progress bar and the uploading -> processing step follow the client's upload events.
  useEffect(() => {
    if (!busy) {
      return undefined;
    }
    const onProgress = (event: Event) => {
      const { percent: value } = (event as CustomEvent<UploadProgressDetail>).detail;
      setPercent(value);
      if (value >= 100) {
        setState((current) => (current === 'uploading' ? 'processing' : current));
      }
    };
    const onTimeout = () => {
      setState('warning');
      show('warning', i18n._('rawdata.upload.timedOut'), true);
    };
    window.addEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
    window.addEventListener(NETWORK_TIMEOUT_EVENT, onTimeout);
    return () => {
      window.removeEventListener(UPLOAD_PROGRESS_EVENT, onProgress);
      window.removeEventListener(NETWORK_TIMEOUT_EVENT, onTimeout);
    };
  }, [busy, show]);

  const refresh = useCallback(async () => {
    try {
      await queryClient.refetchQueries({ queryKey: rawDataKeys.all }, { throwOnError: true });
      toast.success(i18n._('rawdata.upload.refreshed'));
    } catch {
      show('error', i18n._('rawdata.upload.refreshFailed'));
    }
  }, [queryClient, show]);

  const start = useCallback(
    async (file: File) => {
      setResult(null);
      setWarning(null);
      setPercent(0);
      setState('uploading');
      show('info', i18n._('rawdata.upload.uploading', { name: file.name }), true);
      try {
        const response = await uploadRawData(file);
        const { summary } = response;
        setResult(response);
        setState(response.warning ? 'warning' : 'success');
        show(
          'success',
          i18n._('rawdata.upload.complete', {
            processed: summary.processedRows,
            total: summary.totalRows,
            inserts: summary.totalInserts,
            years: summary.yearRange,
          }) +
            (summary.errorRows > 0
              ? i18n._('rawdata.upload.errorsSuffix', { count: summary.errorRows })
              : '') +
            (summary.planValuesReplaced
              ? summary.planValuesReplaced === 1
                ? i18n._('rawdata.upload.planReplacedOne')
                : i18n._('rawdata.upload.planReplaced', { count: summary.planValuesReplaced })
              : ''),
        );
        if (response.warning) {
          const text = response.warning;
          later(RAW_DATA_WARNING_DELAY_MS, () => setWarning(text));
        }
        later(RAW_DATA_REFRESH_DELAY_MS, () => void refresh());
      } catch (error) {
        if (isTimeoutError(error)) {
          setState('warning');
          show('warning', i18n._('rawdata.upload.timedOut'), true);
          return;
        }
        if (errorStatus(error) === 403) {
          void navigate('/unauthorized', { replace: true });
          return;
        }
        setState('error');
        show('error', i18n._('rawdata.upload.failed', { reason: failureReason(error) }));
      }
    },
    [later, navigate, refresh, show],
  );

  /** Checks the chosen file (spec part 2 section 5) and uploads it. */
  const choose = useCallback(
    (file: File | undefined) => {
      if (!file) {
        show('error', i18n._('rawdata.upload.noFile'));
        return;
      }
      if (!file.name.toLowerCase().endsWith('.csv')) {
        show('error', i18n._('rawdata.upload.selectCsv'));
        return;
      }
      if (file.size > RAW_DATA_LARGE_FILE_BYTES) {
        const mb = (file.size / (1024 * 1024)).toFixed(2);
        if (!window.confirm(i18n._('rawdata.upload.largeFileConfirm', { mb }))) {
          return;
        }
      }
      void start(file);
    },
    [show, start],
  );

  return {
    state,
    busy,
    percent,
    flash,
    warning,
    result,
    show,
    choose,
    dismissFlash: () => setFlash(null),
    dismissWarning: () => setWarning(null),
    dismissResult: () => setResult(null),
  };
}
