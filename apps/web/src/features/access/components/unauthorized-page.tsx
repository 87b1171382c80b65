import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Block from '@mui/icons-material/Block';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function UnauthorizedPage() {
  const t = useT();
  useDocumentTitle(t('access.unauthorized.title'));
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper sx={{ p: 6, maxWidth: 520, textAlign: 'center', borderRadius: 4 }} elevation={2}>
        <Block sx={{ fontSize: 64, color: 'error.main', mb: 2 }} />
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('access.unauthorized.title')}
        </Typography>
        <Typography sx={{ mb: 1 }}>{t('access.unauthorized.noPermission')}</Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {t('access.unauthorized.contact')}
        </Typography>
        <Button component={RouterLink} to="/dashboard" variant="contained">
          {t('access.unauthorized.returnToDashboard')}
        </Button>
      </Paper>
    </Box>
  );
}
