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
import { useT } from '../../../i18n/index.ts';
import { projectStatusLabel } from '../../projects/lib/status-label.ts';

function ActivityList({ items }: { items: readonly AdminActivity[] }) {
  const t = useT();
  if (items.length === 0) {
    return <Typography color="text.secondary">{t('admin.dashboard.noActivity')}</Typography>;
  }
  return (
    <List disablePadding aria-label={t('admin.dashboard.activityLabel')}>
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
  { labelKey: 'admin.dashboard.createUser', to: '/admin/account-creation', icon: PersonAdd },
  { labelKey: 'admin.dashboard.generateReport', to: '/admin/raw-data', icon: Assessment },
  { labelKey: 'admin.dashboard.systemBackup', to: '/admin/backup', icon: Backup },
] as const;

export function AdminDashboardPage() {
  const t = useT();
  const { user } = useAuth();
  useDocumentTitle(t('admin.dashboard.title'));
  const { data, isPending, error } = useAdminDashboard();
  if (errorStatus(error) === 403) {
    // Part 2 section 6: a 403 on an admin screen goes to the access-denied page.
    return <Navigate to="/unauthorized" replace />;
  }
  const totalProjects = data?.projectsByStatus.reduce((sum, s) => sum + s.count, 0) ?? 0;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('admin.dashboard.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {user?.barangay
          ? t('admin.dashboard.glanceBarangay', { barangay: user.barangay })
          : t('admin.dashboard.glance')}
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
            title={t('admin.dashboard.analytics')}
            icon={Analytics}
            headline={totalProjects}
            caption={t('admin.dashboard.byStatus')}
            link={{ to: '/admin/projects', label: t('admin.dashboard.viewProjects') }}
          >
            <Stack spacing={1}>
              {data.projectsByStatus.length === 0 || totalProjects === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('admin.dashboard.noProjects')}
                </Typography>
              ) : null}
              {data.projectsByStatus
                .filter((s) => s.count > 0)
                .map((s) => (
                  <Box key={s.status}>
                    <Stack direction="row" justifyContent="space-between">
                      <Typography variant="body2">{projectStatusLabel(t, s.status)}</Typography>
                      <Typography variant="body2" sx={{ fontWeight: 700 }}>
                        {s.count}
                      </Typography>
                    </Stack>
                    <LinearProgress
                      variant="determinate"
                      aria-label={t('admin.dashboard.statusCount', {
                        status: projectStatusLabel(t, s.status),
                        count: s.count,
                      })}
                      value={totalProjects ? (s.count * 100) / totalProjects : 0}
                      sx={{ height: 6, borderRadius: 3 }}
                    />
                  </Box>
                ))}
            </Stack>
          </StatCard>
          <StatCard
            title={t('admin.dashboard.users')}
            icon={Group}
            headline={data.accounts.total}
            caption={t('admin.dashboard.accounts')}
            link={{ to: '/admin/roles', label: t('admin.dashboard.manageRoles') }}
          >
            <Typography variant="body2">
              {t('admin.dashboard.active', { count: data.accounts.active })}
            </Typography>
            <Typography variant="body2">
              {t('admin.dashboard.archived', { count: data.accounts.archived })}
            </Typography>
          </StatCard>
          <StatCard
            title={t('admin.dashboard.settings')}
            icon={Settings}
            headline={data.signInsToday}
            caption={t('admin.dashboard.signIns')}
            link={{ to: '/admin/sessions', label: t('admin.dashboard.viewSessions') }}
          />
          <StatCard
            title={t('admin.dashboard.reports')}
            icon={Description}
            headline={data.reviewsPending}
            caption={t('admin.dashboard.reviewsPending')}
            link={{ to: '/admin/projects', label: t('admin.dashboard.openProjects') }}
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 3, mt: 3 }}>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('admin.dashboard.activity')}
            </Typography>
            {data ? <ActivityList items={data.recentActivity} /> : null}
            {isPending ? <Skeleton variant="text" height={120} /> : null}
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ p: 3 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              {t('admin.dashboard.quickActions')}
            </Typography>
            <Stack spacing={1.5}>
              {QUICK_ACTIONS.map((action) => (
                <Button
                  key={action.labelKey}
                  component={RouterLink}
                  to={action.to}
                  variant="outlined"
                  startIcon={<action.icon />}
                  sx={{ justifyContent: 'flex-start' }}
                >
                  {t(action.labelKey)}
                </Button>
              ))}
            </Stack>
          </CardContent>
        </Card>
      </Box>
    </Box>
  );
}
