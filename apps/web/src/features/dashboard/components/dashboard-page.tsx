import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import FolderOpen from '@mui/icons-material/FolderOpen';
import Checklist from '@mui/icons-material/Checklist';
import Assessment from '@mui/icons-material/Assessment';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { can } from '@sk-tanaw/contract';
import { useAuth } from '../../../lib/auth/index.ts';
import { PRODUCT_NAME } from '../../../lib/site.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { TrackerAlertsPanel } from './tracker-alerts-panel.tsx';

export function DashboardPage() {
  const { user } = useAuth();
  useDocumentTitle('Dashboard');
  if (!user) {
    return <Navigate to="/login" replace />;
  }
  const reviewer = can(user, 'project.review');
  const cards = [
    {
      title: 'Projects',
      icon: FolderOpen,
      text: reviewer
        ? 'Review the proposals of your barangay and set their status.'
        : 'Propose a project with its document and follow its review.',
      to: '/projects',
      action: 'Open Projects',
    },
    {
      title: 'Tasks',
      icon: Checklist,
      text: reviewer
        ? 'Proposals waiting for your review appear first on the projects page.'
        : 'Answer revision requests on your proposals with an updated document.',
      to: '/projects',
      action: 'View Tasks',
    },
    {
      title: 'Reports',
      icon: Assessment,
      text: 'Budget forecasts and predictive analysis for planning next year’s projects.',
      to: '/forecast',
      action: 'Open Reports',
    },
  ];
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Welcome to {PRODUCT_NAME} Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        Signed in to {user.barangay || 'your barangay'} as {user.fullName || user.username}.
      </Typography>
      <TrackerAlertsPanel enabled={can(user, 'tracker.view')} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 3 }}>
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
