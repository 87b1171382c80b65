import { useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import { toast } from '../lib/toast.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { lazyComponent, OpenedOnce } from './opened-once.tsx';

// The menu itself (MUI's menu, popover and modal) loads when it is first opened.
const DownloadMenuList = lazyComponent(
  async () => (await import('./download-menu-list.tsx')).DownloadMenuList,
);

/** One file the menu offers: its label and how it is fetched and saved. */
export interface DownloadChoice {
  key: string;
  label: string;
  download: () => Promise<void>;
}

/**
 * A button opening a menu of files to download; while one is prepared the button says
 * `preparingLabel` and is disabled, and a failure is shown in a toast.
 */
export function DownloadMenu({
  id,
  icon,
  label,
  preparingLabel,
  heading,
  choices,
  disabled = false,
}: {
  /** The menu's element id. */
  id: string;
  icon: ReactNode;
  label: string;
  preparingLabel: string;
  /** A line above the choices. */
  heading?: string;
  choices: DownloadChoice[];
  disabled?: boolean;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (choice: DownloadChoice) => {
    setAnchor(null);
    setBusy(true);
    try {
      await choice.download();
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
        startIcon={icon}
        aria-haspopup="menu"
        aria-expanded={anchor ? true : undefined}
        aria-controls={anchor ? id : undefined}
        disabled={busy || disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {busy ? preparingLabel : label}
      </Button>
      <OpenedOnce open={anchor !== null}>
        <DownloadMenuList
          id={id}
          anchor={anchor}
          heading={heading}
          choices={choices}
          onChoose={(choice) => void download(choice)}
          onClose={() => setAnchor(null)}
        />
      </OpenedOnce>
    </>
  );
}
