import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import LocationOn from '@mui/icons-material/LocationOn';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { findBarangay, type BarangaySummary } from '@sk-tanaw/contract';
import { BrandMark } from '../../../components/brand-mark.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import {
  PICKER_BUTTONS_MAX,
  barangayLabel,
  useBarangayByCode,
  useBarangaySearch,
} from '../../barangays/api.ts';
import { BarangaySearchField } from '../../barangays/barangay-search-field.tsx';
import { postLoginPath } from '../../../lib/redirects.ts';
import { LOGIN_MESSAGES, validateLoginForm } from '../hooks/login-form.ts';
import type { LoginFormErrors } from '../hooks/login-form.ts';
import { ChangeCredentialsModal } from './change-credentials-modal.tsx';

interface PendingChange {
  userId: number;
  username: string;
}

/** The login modal of /login, opened after the barangay picker (or directly). */
export function LoginModal() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const code = params.get('barangay');
  // The barangay in the address is looked up in the installation's registry. One the spec names
  // (`SB`, `NN`) shows the spec's words at once, unless the installation answers that it does not
  // serve it (a real city's installation): then the address names no barangay.
  const lookup = useBarangayByCode(code);
  const notServed = lookup.isSuccess && lookup.data === null;
  const known = notServed ? undefined : findBarangay(code ?? '');
  const lookedUp = lookup.data ?? null;
  // While the code is looked up, no field to choose a barangay flashes up.
  const looking = !known && Boolean(code) && lookup.isPending;
  const picked = known ?? lookedUp;
  // Without a barangay in the address: a search when the installation serves more than the
  // spec's buttons' worth (the first answer of the search says so).
  const first = useBarangaySearch('', !code);
  const many = (first.data?.length ?? 0) > PICKER_BUTTONS_MAX;
  const [chosen, setChosen] = useState('');
  // City accounts sign in with their city's name instead of a barangay's
  // (`/login?city=Quezon%20City` fills it in).
  const [asCity, setAsCity] = useState(params.has('city') && !code);
  const [cityName, setCityName] = useState(params.get('city') ?? '');
  // The server takes a name, or "Name, City" where two cities have a barangay of that name.
  const barangay = asCity
    ? cityName
    : known
      ? known.name
      : lookedUp
        ? barangayLabel(lookedUp)
        : chosen;
  const [searched, setSearched] = useState<BarangaySummary | null>(null);
  // After a first password is set by an e-mailed link, `?username=` fills the username in.
  const [username, setUsername] = useState(params.get('username') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [busy, setBusy] = useState(false);
  // Also shown inside the dialog: a modal hides the page (and its toasts) from screen readers.
  const [failure, setFailure] = useState<string | null>(null);
  const [pendingChange, setPendingChange] = useState<PendingChange | null>(null);

  const close = () => navigate('/home');

  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const { errors: found, request } = validateLoginForm({ username, password, barangay });
    setErrors(found);
    setFailure(null);
    if (!request) {
      return;
    }
    setBusy(true);
    try {
      const result = await auth.login(request);
      if (!result.success) {
        const message = result.message || LOGIN_MESSAGES.failedCredentials;
        toast.error(message);
        setFailure(message);
        return;
      }
      if (result.user.isDefaultPassword) {
        setPendingChange({ userId: result.user.userId, username: result.user.username });
        return;
      }
      toast.success(t('auth.login.success'));
      void navigate(postLoginPath(result.user), { replace: true });
    } catch {
      toast.error(LOGIN_MESSAGES.failedRetry);
      setFailure(LOGIN_MESSAGES.failedRetry);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Dialog
        open={!pendingChange}
        onClose={close}
        fullWidth
        maxWidth="xs"
        aria-labelledby="login-title"
        aria-describedby="login-subtitle"
      >
        <IconButton
          aria-label={t('auth.login.close')}
          onClick={close}
          sx={{ position: 'absolute', right: 10, top: 10 }}
        >
          <Close />
        </IconButton>
        <DialogContent sx={{ p: 4 }}>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack alignItems="center" spacing={1} sx={{ mb: 3, textAlign: 'center' }}>
              <BrandMark size={44} />
              <Typography id="login-title" variant="h5" component="h2">
                {t('auth.login.title')}
              </Typography>
              <Typography id="login-subtitle" color="text.secondary">
                {t('auth.login.subtitle')}
              </Typography>
              {picked ? (
                <Chip
                  icon={<LocationOn />}
                  color="primary"
                  variant="outlined"
                  label={t('auth.login.loggingInTo', { barangay: picked.name })}
                />
              ) : null}
            </Stack>
            <Stack spacing={2}>
              {failure ? (
                <Alert severity="error" data-testid="login-error">
                  {failure}
                </Alert>
              ) : null}
              {asCity ? (
                <TextField
                  label={t('auth.login.city')}
                  value={cityName}
                  onChange={(e) => setCityName(e.target.value)}
                  error={Boolean(errors.barangay)}
                  helperText={errors.barangay ?? t('auth.login.cityHint')}
                  fullWidth
                />
              ) : picked || looking ? null : many ? (
                <BarangaySearchField
                  label={t('auth.login.barangay')}
                  value={searched}
                  onPick={(b) => {
                    setSearched(b);
                    setChosen(barangayLabel(b));
                  }}
                  error={Boolean(errors.barangay)}
                  helperText={errors.barangay}
                />
              ) : (
                <TextField
                  select
                  label={t('auth.login.barangay')}
                  value={barangay}
                  onChange={(e) => setChosen(e.target.value)}
                  error={Boolean(errors.barangay)}
                  helperText={errors.barangay}
                  fullWidth
                >
                  {/* The installation's own barangays (the demo's only with the demo data). */}
                  {(first.data ?? []).map((b) => (
                    <MenuItem key={b.code} value={b.name}>
                      {b.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              {picked || looking ? null : (
                <Box>
                  <Link component="button" type="button" onClick={() => setAsCity(!asCity)}>
                    {asCity ? t('auth.login.asBarangay') : t('auth.login.asCity')}
                  </Link>
                </Box>
              )}
              {picked && errors.barangay ? (
                <Typography color="error">{errors.barangay}</Typography>
              ) : null}
              <TextField
                label={t('auth.login.username')}
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                error={Boolean(errors.username)}
                helperText={errors.username}
                autoComplete="username"
                autoFocus
                fullWidth
              />
              <PasswordField
                label={t('auth.login.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={Boolean(errors.password)}
                helperText={errors.password}
                autoComplete="current-password"
                fullWidth
              />
              <Box sx={{ textAlign: 'right' }}>
                <Link component={RouterLink} to="/forgot-password">
                  {t('auth.login.forgotPassword')}
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
                {busy ? t('auth.login.submitting') : t('auth.login.submit')}
              </Button>
            </Stack>
          </Box>
        </DialogContent>
      </Dialog>
      {pendingChange ? (
        <ChangeCredentialsModal
          open
          userId={pendingChange.userId}
          currentUsername={pendingChange.username}
          onChanged={(newUsername) => {
            // The server ended every session of the account: sign in again with the new details.
            auth.discardSession();
            setPendingChange(null);
            setUsername(newUsername);
            setPassword('');
          }}
        />
      ) : null}
    </>
  );
}
