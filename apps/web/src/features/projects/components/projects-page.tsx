import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { can } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { OfficialProjects } from './official-projects.tsx';
import { ReviewProjects } from './review-projects.tsx';

/** /projects: the official's submissions, the chair's review, or a permissions notice. */
export function ProjectsPage() {
  const t = useT();
  const { user, isLoading } = useAuth();
  if (isLoading) {
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography>{t('projects.page.loadingUser')}</Typography>
      </Box>
    );
  }
  if (!user) {
    return <Navigate to="/login" replace />;
  }
  if (can(user, 'project.review')) {
    return <ReviewProjects user={user} />;
  }
  if (can(user, 'project.listOwn')) {
    return <OfficialProjects user={user} />;
  }
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {t('projects.page.noPermission')}
    </Alert>
  );
}
