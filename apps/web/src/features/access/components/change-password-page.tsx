import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /change-password is a listed public route; it points to the two ways a password changes. */
export function ChangePasswordPage() {
  const t = useT();
  useDocumentTitle(t('access.changePassword.title'));
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper sx={{ p: 6, maxWidth: 560, borderRadius: 4 }} elevation={2}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('access.changePassword.title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('access.changePassword.newAccounts')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('access.changePassword.forgot')}
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t('access.changePassword.reset')}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('access.changePassword.backToLogin')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
