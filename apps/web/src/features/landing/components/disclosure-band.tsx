import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/Visibility';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../i18n/index.ts';

/**
 * Full disclosure: every barangay's posted ABYIP and budget, one link each when they are few
 * (`barangays`, from the installation's data), the directory of all of them always. No sign-in.
 */
export function DisclosureBand({
  barangays,
}: {
  barangays: readonly { code: string; name: string }[];
}) {
  const t = useT();
  return (
    <Box
      component="section"
      aria-labelledby="disclosure-title"
      sx={{ py: 5, bgcolor: '#fff', borderBottom: '1px solid', borderColor: 'divider' }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 3,
        }}
      >
        <Box sx={{ maxWidth: 560 }}>
          <Typography id="disclosure-title" variant="h5" component="h2" sx={{ mb: 1 }}>
            {t('landing.disclosure.title')}
          </Typography>
          <Typography color="text.secondary">{t('landing.disclosure.lead')}</Typography>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {barangays.map((barangay) => (
            <Button
              key={barangay.code}
              component={RouterLink}
              to={`/disclosure/${barangay.code}`}
              variant="outlined"
              startIcon={<Visibility />}
              aria-label={t('landing.disclosure.boardOf', { barangay: barangay.name })}
            >
              {barangay.name}
            </Button>
          ))}
          <Button component={RouterLink} to="/disclosure" variant="text">
            {t('landing.disclosure.all')}
          </Button>
        </Box>
      </Container>
    </Box>
  );
}
