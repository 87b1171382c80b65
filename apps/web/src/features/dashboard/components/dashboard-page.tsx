import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Checklist from '@mui/icons-material/Checklist';
import Assessment from '@mui/icons-material/Assessment';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { can } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { TrackerAlertsPanel } from './tracker-alerts-panel.tsx';
import { TermDeadlinesPanel } from './term-deadlines-panel.tsx';
import { WaitingPanel } from './waiting-panel.tsx';
import { NARROW_SCREEN_QUERY } from '../../../components/narrow-screen-gate.tsx';

export function DashboardPage() {
  const t = useT();
  const { user } = useAuth();
  const narrow = useMediaQuery(NARROW_SCREEN_QUERY, { noSsr: true });
  useDocumentTitle(t('dashboard.title'));
  if (!user) {
    return <Navigate to="/login" replace />;
  }
  const reviewer = can(user, 'project.review');
  const cards = [
    {
      title: t('dashboard.projects.title'),
      icon: FolderOpen,
      text: reviewer ? t('dashboard.projects.reviewer') : t('dashboard.projects.official'),
      to: '/projects',
      action: t('dashboard.projects.action'),
    },
    {
      title: t('dashboard.tasks.title'),
      icon: Checklist,
      text: reviewer ? t('dashboard.tasks.reviewer') : t('dashboard.tasks.official'),
      to: '/projects',
      action: t('dashboard.tasks.action'),
    },
    {
      title: t('dashboard.reports.title'),
      icon: Assessment,
      text: t('dashboard.reports.text'),
      to: '/forecast',
      action: t('dashboard.reports.action'),
    },
  ];
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('dashboard.welcome', { productName: PRODUCT_NAME })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {user.barangay
          ? t('dashboard.signedIn', {
              barangay: user.barangay,
              name: user.fullName || user.username,
            })
          : t('dashboard.signedInNoBarangay', { name: user.fullName || user.username })}
      </Typography>
      {/* On a phone, what waits for the person comes first. */}
      {narrow ? <WaitingPanel alerts={can(user, 'tracker.view')} deadlines={reviewer} /> : null}
      <TermDeadlinesPanel enabled={reviewer} />
      <TrackerAlertsPanel enabled={can(user, 'tracker.view')} />
      {/* One card a row on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
          gap: 3,
          [`@media ${NARROW_SCREEN_QUERY}`]: { gridTemplateColumns: '1fr', gap: 2 },
        }}
      >
        {cards.map((card) => (
          <Card key={card.title} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1, p: 3 }}>
              <Box
                sx={{
                  width: 48,
                  height: 48,
                  borderRadius: 2,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: 'secondary.main',
                  mb: 2,
                }}
              >
                <card.icon />
              </Box>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {card.title}
              </Typography>
              <Typography color="text.secondary">{card.text}</Typography>
            </CardContent>
            <CardActions sx={{ px: 3, pb: 3 }}>
              <Button component={RouterLink} to={card.to} variant="outlined">
                {card.action}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
