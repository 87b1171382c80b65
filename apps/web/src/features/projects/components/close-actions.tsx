import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useT } from '../../../i18n/index.ts';

/** The one action of a read-only project dialog (history, remarks): close it. */
export function CloseActions({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <DialogActions>
      <Button onClick={onClose} variant="contained">
        {t('projects.close')}
      </Button>
    </DialogActions>
  );
}
