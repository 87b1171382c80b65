import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { toast } from '../../../lib/toast.ts';
import { useT } from '../../../i18n/index.ts';
import { useKkPublicLink } from '../api.ts';

/**
 * Where the barangay's youths profile themselves: the public form's address, a button that
 * copies it, and its QR code to print on a poster or show at the assembly.
 */
export function PublicLinkPanel() {
  const t = useT();
  const link = useKkPublicLink();
  if (!link.data) {
    return null;
  }
  const { url, svg } = link.data;
  const copy = () => {
    navigator.clipboard.writeText(url).then(
      () => toast.success(t('disclosure.kk.publicLink.copied')),
      () => toast.error(t('disclosure.kk.publicLink.copyFailed')),
    );
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="kk-public-link"
      sx={{ p: 2, mb: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 320px', minWidth: 0 }}>
        <Typography id="kk-public-link" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t('disclosure.kk.publicLink.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {t('disclosure.kk.publicLink.help')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Link
            href={url}
            target="_blank"
            rel="noopener"
            data-testid="kk-public-link"
            sx={{ fontWeight: 700, wordBreak: 'break-all' }}
          >
            {url}
          </Link>
          <Button variant="outlined" size="small" startIcon={<ContentCopy />} onClick={copy}>
            {t('disclosure.kk.publicLink.copy')}
          </Button>
        </Box>
      </Box>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
        alt={t('disclosure.kk.publicLink.qrAlt', { url })}
        sx={{ width: 148, height: 148, display: 'block' }}
      />
    </Paper>
  );
}
