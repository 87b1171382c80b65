import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useParams, useSearchParams } from 'react-router-dom';
import { KK_WINDOW_QUERY, ageOn, type KkPublicProfileInput } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { PublicHeader } from '../../../components/public-header.tsx';
import { usePublicForm, useSubmitPublic } from '../api.ts';
import { ProfileFields, emptyProfile } from './profile-fields.tsx';

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Manila' });

/**
 * `/kk/:barangayCode`: the public self-profiling form, made for phones. `?window=<token>`: the
 * link of a KK assembly's window, which the form sends along with the profile.
 */
export function KkPublicFormPage() {
  const t = useT();
  const code = useParams().barangayCode ?? '';
  const windowToken = useSearchParams()[0].get(KK_WINDOW_QUERY);
  const form = usePublicForm(code, windowToken);
  const submit = useSubmitPublic(code, windowToken);
  const assembly = form.data?.window ?? null;
  const [draft, setDraft] = useState(emptyProfile);
  const [consent, setConsent] = useState(false);
  const [guardianConsent, setGuardianConsent] = useState(false);
  const [guardianName, setGuardianName] = useState('');
  const [website, setWebsite] = useState('');
  useDocumentTitle(t('disclosure.kk.public.title'));
  const minor = /^\d{4}-\d{2}-\d{2}$/.test(draft.birthday) && ageOn(draft.birthday, today()) < 18;
  const send = () =>
    // An answer left unchosen goes as it is: the server names it.
    submit.mutate({
      ...draft,
      consent: consent as true,
      guardianConsent: minor && guardianConsent,
      guardianName: minor ? guardianName : '',
      website,
    } as KkPublicProfileInput);
  return (
    <>
      <PublicHeader label={t('disclosure.kk.public.header')} />
      <Container maxWidth="sm" component="main" sx={{ py: 2 }}>
        {form.isPending ? (
          <CircularProgress aria-label={t('disclosure.kk.loading')} />
        ) : form.isError ? (
          <Alert severity="error">{errorMessage(form.error)}</Alert>
        ) : submit.isSuccess ? (
          <Alert severity="success" role="status">
            {t('disclosure.kk.public.thanks')}
          </Alert>
        ) : (
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
            sx={{ display: 'grid', gap: 2 }}
          >
            <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
              {t('disclosure.kk.public.heading', { barangay: form.data.barangay.name })}
            </Typography>
            {assembly ? (
              <Alert severity={assembly.open ? 'info' : 'warning'} data-testid="kk-window-note">
                {assembly.open && assembly.endsAt
                  ? t('disclosure.kk.public.windowOpen', { end: formatDateTime(assembly.endsAt) })
                  : t('disclosure.kk.public.windowNotOpen')}
              </Alert>
            ) : null}
            <Paper
              variant="outlined"
              component="section"
              aria-labelledby="kk-privacy"
              sx={{ p: 2 }}
            >
              <Typography id="kk-privacy" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('disclosure.kk.public.privacyHeading')}
              </Typography>
              {(['purpose', 'who', 'keep', 'rights'] as const).map((k) => (
                <Typography key={k} sx={{ mb: 1 }}>
                  {t(`disclosure.kk.public.privacy.${k}`)}
                </Typography>
              ))}
            </Paper>
            <ProfileFields value={draft} onChange={setDraft} />
            {/* A trap for robots: hidden from people and screen readers, left empty by them. */}
            <Box
              aria-hidden="true"
              sx={{
                position: 'absolute',
                left: '-10000px',
                width: 1,
                height: 1,
                overflow: 'hidden',
              }}
            >
              <label htmlFor="kk-website">{t('disclosure.kk.public.trap')}</label>
              <input
                id="kk-website"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={website}
                onChange={(e) => setWebsite(e.target.value)}
              />
            </Box>
            {minor ? (
              <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }}>
                <Typography>{t('disclosure.kk.public.minor')}</Typography>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={guardianConsent}
                      onChange={(e) => setGuardianConsent(e.target.checked)}
                    />
                  }
                  label={t('disclosure.kk.public.guardianConsent')}
                />
                <TextField
                  label={t('disclosure.kk.public.guardianName')}
                  value={guardianName}
                  required
                  onChange={(e) => setGuardianName(e.target.value)}
                />
              </Paper>
            ) : null}
            <FormControlLabel
              control={
                <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />
              }
              label={t('disclosure.kk.public.consent')}
            />
            {submit.isError ? (
              <Alert severity="error" role="alert">
                {errorMessage(submit.error)}
              </Alert>
            ) : null}
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!consent || submit.isPending}
            >
              {submit.isPending
                ? t('disclosure.kk.public.sending')
                : t('disclosure.kk.public.submit')}
            </Button>
          </Box>
        )}
      </Container>
    </>
  );
}
