import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../i18n/index.ts';

/** A yes/no question before a change (archive, restore, create). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  color = 'primary',
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  color?: 'primary' | 'error' | 'warning' | 'success';
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby="confirm-dialog-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {typeof children === 'string' ? (
          <DialogContentText>{children}</DialogContentText>
        ) : (
          children
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={color} disabled={busy}>
          {busy ? t('common.pleaseWait') : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before archiving `target` (closed while it is null) and hands it to `onArchive`: the
 * admin project list and the roles page.
 */
export function ArchiveConfirmDialog<T>({
  target,
  title,
  busy,
  onArchive,
  onClose,
  children,
}: {
  target: T | null;
  title: string;
  busy: boolean;
  onArchive: (target: T) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      confirmLabel={t('admin.archive')}
      color="error"
      busy={busy}
      onClose={onClose}
      onConfirm={() => {
        if (target !== null) {
          onArchive(target);
        }
      }}
    >
      {children}
    </ConfirmDialog>
  );
}
