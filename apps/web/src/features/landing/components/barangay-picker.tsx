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
import { PICKER_BUTTONS_MAX } from '../../barangays/api.ts';
import { BarangaySearchField } from '../../barangays/barangay-search-field.tsx';

export interface BarangayPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (barangayCode: string) => void;
  /** How many barangays the installation serves (site information), when known. */
  barangayCount?: number;
}

/**
 * 'Select Your Barangay', then the login modal: one button per barangay for up to four (the
 * spec's), a searchable list when the installation serves more (issue 34).
 */
export function BarangayPicker({ open, onClose, onPick, barangayCount }: BarangayPickerProps) {
  const t = useT();
  // The landing page passes the count it already holds: reading the site information here
  // made the bundler split TanStack Query out of the landing page's first chunk (+1.4 KB).
  const many = (barangayCount ?? 0) > PICKER_BUTTONS_MAX;
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
        {many ? (
          <BarangaySearchField
            label={t('landing.search.label')}
            autoFocus
            onPick={(barangay) => onPick(barangay.code)}
          />
        ) : (
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
        )}
        <Typography sx={{ textAlign: 'center', mt: 3 }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('landing.picker.forgotPassword')}
          </Link>
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
