import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Construction from '@mui/icons-material/Construction';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/**
 * Placeholder for a screen that another part of the work delivers. Each route has its own named
 * component below so replacing one is a one-line change in routes.tsx.
 */
export function PendingPage({ title, backTo }: { title: string; backTo?: string }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Paper sx={{ p: 5, textAlign: 'center', borderRadius: 3 }} elevation={0}>
        <Construction sx={{ fontSize: 48, color: 'secondary.dark', mb: 1 }} />
        <Typography sx={{ fontWeight: 700, mb: 1 }}>{title} arrives in a later release.</Typography>
        <Typography color="text.secondary" sx={{ mb: backTo ? 3 : 0 }}>
          This screen is being built and will appear here soon.
        </Typography>
        {backTo ? (
          <Button component={RouterLink} to={backTo} variant="outlined">
            Go back
          </Button>
        ) : null}
      </Paper>
    </Box>
  );
}

function StandalonePendingPage({ title, backTo }: { title: string; backTo: string }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', maxWidth: 760, mx: 'auto', px: 3, pt: 8 }}>
      <PendingPage title={title} backTo={backTo} />
    </Box>
  );
}

export function ProjectsPendingPage() {
  return <PendingPage title="Projects" />;
}
export function ForecastPendingPage() {
  return <PendingPage title="Budget Forecasting" />;
}
export function PredictiveAnalyticsPendingPage() {
  return <PendingPage title="Predictive Project Analysis" />;
}
export function PasswordRecoveryPendingPage() {
  return <StandalonePendingPage title="Password Recovery" backTo="/login" />;
}
export function AccountCreationPendingPage() {
  return <PendingPage title="Account Creation" />;
}
export function RolesPendingPage() {
  return <PendingPage title="User Role Management" />;
}
export function AdminProjectsPendingPage() {
  return <PendingPage title="Project List" />;
}
export function RawDataPendingPage() {
  return <PendingPage title="Raw Data Management" />;
}
export function SessionsPendingPage() {
  return <PendingPage title="Session Logs" />;
}
export function AuditTrailPendingPage() {
  return <PendingPage title="Audit Trail" />;
}
export function ArchivePendingPage() {
  return <PendingPage title="Archive Management" />;
}
export function BackupPendingPage() {
  return <PendingPage title="Database Backup" />;
}
