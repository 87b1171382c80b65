import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import LocationCity from '@mui/icons-material/LocationCity';
import { Link as RouterLink } from 'react-router-dom';
import { BARANGAYS } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';

export interface BarangayPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (barangayCode: string) => void;
}

/** 'Select Your Barangay': one button per barangay, then the login modal. */
export function BarangayPicker({ open, onClose, onPick }: BarangayPickerProps) {
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="picker-title">
      <DialogTitle id="picker-title" sx={{ pr: 6, textAlign: 'center', pt: 3 }}>
        {t('landing.picker.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('landing.picker.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 10, top: 10 }}
      >
        <Close />
      </IconButton>
      <DialogContent sx={{ pb: 3 }}>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          {t('landing.picker.lead')}
        </Typography>
        <Stack spacing={1.5}>
          {BARANGAYS.map((barangay) => (
            <Button
              key={barangay.code}
              variant="outlined"
              size="large"
              startIcon={<LocationCity />}
              onClick={() => onPick(barangay.code)}
              sx={{ justifyContent: 'flex-start', py: 1.5, borderWidth: 2 }}
            >
              {barangay.name}
            </Button>
          ))}
        </Stack>
        <Typography sx={{ textAlign: 'center', mt: 3 }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('landing.picker.forgotPassword')}
          </Link>
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
