import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useDesignateSecretary, useKkSecretary } from '../api.ts';

/** Who holds the SK secretary's duty; the chairperson designates here. */
export function SecretaryPanel() {
  const t = useT();
  const info = useKkSecretary();
  const designate = useDesignateSecretary();
  const [choice, setChoice] = useState<string | null>(null);
  if (!info.data) {
    return null;
  }
  const current = choice ?? String(info.data.secretary?.userId ?? '');
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('common.duty.secretary')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 0.5 }}>
        {info.data.secretary
          ? t('disclosure.kk.secretary.is', { name: info.data.secretary.name })
          : t('disclosure.kk.secretary.none')}
      </Typography>
      {/* The secretary is one of the council's duties (the chairperson assigns them all there). */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('disclosure.kk.secretary.duty')}{' '}
        <Link component={RouterLink} to="/council">
          {t('shell.nav.council')}
        </Link>
      </Typography>
      {info.data.canDesignate ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('disclosure.kk.secretary.choose')}
            value={current}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('disclosure.kk.secretary.nobody')}</MenuItem>
            {info.data.candidates.map((c) => (
              <MenuItem key={c.userId} value={String(c.userId)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={designate.isPending}
            onClick={() =>
              designate.mutate(current === '' ? null : Number(current), {
                onSuccess: () => toast.success(t('disclosure.kk.secretary.saved')),
                onError: (e) => toast.error(errorMessage(e)),
              })
            }
          >
            {t('disclosure.kk.secretary.save')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
