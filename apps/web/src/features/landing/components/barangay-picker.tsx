import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import AccountBalance from '@mui/icons-material/AccountBalance';
import LocationCity from '@mui/icons-material/LocationCity';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { PICKER_BUTTONS_MAX } from '../../barangays/api.ts';
import { BarangaySearchField } from '../../barangays/barangay-search-field.tsx';

/** What the picker hands on: a barangay's code, or a city office (its staff sign in with its name). */
export type PickedPlace = { kind: 'barangay'; code: string } | { kind: 'city'; name: string };

export interface BarangayPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (place: PickedPlace) => void;
  /** How many barangays the installation serves (site information), when known. */
  barangayCount?: number;
  /** The barangays, one button each, when there are few (site information). */
  barangays: readonly { code: string; name: string }[];
  /** The city offices (site information): their staff sign in with the city's name. */
  offices: readonly { code: string; name: string }[];
}

/**
 * 'Select Your Barangay', then the login modal: one button per barangay for up to four (the
 * spec's), a searchable list when the installation serves more; the city offices
 * too, so a city's staff find their way in.
 */
export function BarangayPicker(props: BarangayPickerProps) {
  const { open, onClose, onPick, barangayCount, barangays, offices } = props;
  const t = useT();
  // The landing page passes the count it already holds: reading the site information here
  // made the bundler split TanStack Query out of the landing page's first chunk (+1.4 KB).
  const many = (barangayCount ?? 0) > PICKER_BUTTONS_MAX;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="picker-title">
      <DialogTitle id="picker-title" sx={{ pr: 6, textAlign: 'center', pt: 3 }}>
        {t('auth.picker.title')}
      </DialogTitle>
      <IconButton
        aria-label={t('auth.picker.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 10, top: 10 }}
      >
        <Close />
      </IconButton>
      <DialogContent sx={{ pb: 3 }}>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          {t('auth.picker.lead')}
        </Typography>
        {many ? (
          <BarangaySearchField
            label={t('auth.search.label')}
            autoFocus
            offices
            onPick={(place) =>
              onPick(
                place.kind === 'city'
                  ? { kind: 'city', name: place.name }
                  : { kind: 'barangay', code: place.code },
              )
            }
          />
        ) : (
          <Stack spacing={1.5}>
            {barangays.map((barangay) => (
              <Button
                key={barangay.code}
                variant="outlined"
                size="large"
                startIcon={<LocationCity />}
                onClick={() => onPick({ kind: 'barangay', code: barangay.code })}
                sx={{ justifyContent: 'flex-start', py: 1.5, borderWidth: 2 }}
              >
                {barangay.name}
              </Button>
            ))}
          </Stack>
        )}
        {offices.length > 0 && offices.length <= PICKER_BUTTONS_MAX ? (
          <Stack spacing={1.5} component="section" aria-labelledby="picker-offices" sx={{ mt: 3 }}>
            <Typography id="picker-offices" component="h3" sx={{ fontWeight: 700 }}>
              {t('auth.picker.offices')}
            </Typography>
            {offices.map((office) => (
              <Button
                key={office.code}
                variant="outlined"
                size="large"
                startIcon={<AccountBalance />}
                onClick={() => onPick({ kind: 'city', name: office.name })}
                sx={{ justifyContent: 'flex-start', py: 1.5, borderWidth: 2 }}
              >
                {office.name}
              </Button>
            ))}
          </Stack>
        ) : null}
        <Typography sx={{ textAlign: 'center', mt: 3 }}>
          <Link component={RouterLink} to="/forgot-password">
            {t('auth.picker.forgotPassword')}
          </Link>
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
