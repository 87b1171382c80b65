import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Analytics from '@mui/icons-material/Analytics';
import Group from '@mui/icons-material/Group';
import Settings from '@mui/icons-material/Settings';
import Description from '@mui/icons-material/Description';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Assessment from '@mui/icons-material/Assessment';
import Backup from '@mui/icons-material/Backup';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { errorMessage, errorStatus } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useAdminDashboard } from '../api/get-admin-dashboard.ts';
import type { AdminActivity } from '../api/get-admin-dashboard.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { StatCard } from '../../../components/stat-card.tsx';
import { formatDateTime } from '../../../lib/format.ts';

function ActivityList({ items }: { items: readonly AdminActivity[] }) {
  if (items.length === 0) {
    return <Typography color="text.secondary">No recent activity.</Typography>;
  }
  return (
    <List disablePadding aria-label="Recent activity">
      {items.map((item) => (
        <ListItem key={item.auditID} divider disableGutters alignItems="flex-start">
          <ListItemText
            primary={`${item.username} · ${item.moduleName} · ${item.actions}`}
            secondary={`${item.descriptions} · ${formatDateTime(item.created_at)}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

const QUICK_ACTIONS = [
  { label: 'Create User', to: '/admin/account-creation', icon: PersonAdd },
  { label: 'Generate Report', to: '/admin/raw-data', icon: Assessment },
  { label: 'System Backup', to: '/admin/backup', icon: Backup },
] as const;

export function AdminDashboardPage() {
  const { user } = useAuth();
  useDocumentTitle('Admin Dashboard');
  const { data, isPending, error } = useAdminDashboard();
  if (errorStatus(error) === 403) {
    // Part 2 section 6: a 403 on an admin screen goes to the access-denied page.
    return <Navigate to="/unauthorized" replace />;
  }
  const totalProjects = data?.projectsByStatus.reduce((sum, s) => sum + s.count, 0) ?? 0;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Admin Dashboard
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {user?.barangay ? `Barangay ${user.barangay}` : 'Your barangay'} at a glance.
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(error)}
        </Alert>
      ) : null}
      {isPending ? (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(230px, 1fr))',
            gap: 3,
          }}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={220} />
          ))}
        </Box>
      ) : null}
      {data ? (
        <Box
          data-testid="admin-cards"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(230px, 1fr))',
            gap: 3,
          }}
        >
          <StatCard
            title="Analytics"
            icon={Analytics}
            headline={totalProjects}
            caption="Projects by status"
            link={{ to: '/admin/projects', label: 'View projects' }}
          >
            <Stack spacing={1}>
              {data.projectsByStatus.length === 0 || totalProjects === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  No projects yet.
                </Typography>
              ) : null}
              {data.projectsByStatus
                .filter((s) => s.count > 0)
                .map((s) => (
                  <Box key={s.status}>
                    <Stack direction="row" justifyContent="space-between">
                      <Typography variant="body2">{s.status}</Typography>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {s.count}
                      </Typography>
                    </Stack>
                    <LinearProgress
                      variant="determinate"
                      aria-label={`${s.status}: ${s.count}`}
                      value={totalProjects ? (s.count * 100) / totalProjects : 0}
                      sx={{ height: 6, borderRadius: 3 }}
                    />
                  </Box>
                ))}
            </Stack>
          </StatCard>
          <StatCard
            title="User Management"
            icon={Group}
            headline={data.accounts.total}
            caption="Accounts"
            link={{ to: '/admin/roles', label: 'Manage roles' }}
          >
            <Typography variant="body2">Active: {data.accounts.active}</Typography>
            <Typography variant="body2">Archived: {data.accounts.archived}</Typography>
          </StatCard>
          <StatCard
            title="System Settings"
            icon={Settings}
            headline={data.signInsToday}
            caption="Sign-ins today"
            link={{ to: '/admin/sessions', label: 'View session logs' }}
          />
          <StatCard
            title="Reports"
            icon={Description}
            headline={data.reviewsPending}
            caption="Reviews pending"
            link={{ to: '/admin/projects', label: 'Open project list' }}
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 3, mt: 3 }}>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Recent Activity
            </Typography>
            {data ? <ActivityList items={data.recentActivity} /> : null}
            {isPending ? <Skeleton variant="text" height={120} /> : null}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              Quick Actions
            </Typography>
            <Stack spacing={1.5}>
              {QUICK_ACTIONS.map((action) => (
                <Button
                  key={action.label}
                  component={RouterLink}
                  to={action.to}
                  variant="outlined"
                  startIcon={<action.icon />}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  {action.label}
                </Button>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
