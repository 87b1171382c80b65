import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** /change-password is a listed public route; it points to the two ways a password changes. */
export function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper sx={{ p: 6, maxWidth: 560, borderRadius: 4 }} elevation={2}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          Change Password
        </Typography>
        <Typography sx={{ mb: 1 }}>
          New accounts change their default credentials right after their first login.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Forgot your password? Reset it with a verification code sent to your e-mail address.
        </Typography>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            Reset Password
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined">
            Back to Login
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
