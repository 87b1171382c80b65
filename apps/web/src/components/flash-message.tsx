import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { AlertColor } from '@mui/material/Alert';
import { FLASH_MESSAGE_MS } from '@sk-tanaw/contract';

export interface Flash {
  severity: AlertColor;
  text: string;
  /** Tells two equal messages apart, so the timer restarts. */
  id: number;
}

/** A flash message that closes itself after 8 seconds (spec part 2 section 4). */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash) {
      return undefined;
    }
    const timer = setTimeout(() => setFlash(null), FLASH_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  const show = useCallback((severity: AlertColor, text: string) => {
    setFlash({ severity, text, id: Date.now() });
  }, []);
  const clear = useCallback(() => setFlash(null), []);
  return { flash, show, clear };
}

export function FlashMessage({ flash, onClose }: { flash: Flash | null; onClose: () => void }) {
  if (!flash) {
    return null;
  }
  return (
    <Alert
      key={flash.id}
      severity={flash.severity}
      onClose={onClose}
      role={flash.severity === 'error' ? 'alert' : 'status'}
      sx={{ mb: 2 }}
    >
      {flash.text}
    </Alert>
  );
}
