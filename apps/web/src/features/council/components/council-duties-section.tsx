import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import type { CouncilDuty, CouncilDutyRow } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAssignDuty, useCouncilDuties } from '../api.ts';
import { dutyLabelKey } from '../duty-label.ts';

/** What each duty is for, in the reader's language. */
const purposeKey = (duty: CouncilDuty) => `shell.council.purpose.${duty}`;
/** The duty's source in the reader's language (the server's `source` is the English record). */
const sourceKey = (duty: CouncilDuty) => `shell.council.sourceOf.${duty}`;

function DutyCard({
  row,
  canAssign,
  candidates,
}: {
  row: CouncilDutyRow;
  canAssign: boolean;
  candidates: { userId: number; name: string }[];
}) {
  const t = useT();
  const assign = useAssignDuty();
  const [choice, setChoice] = useState<string | null>(null);
  const saved = String(row.holder?.userId ?? '');
  const current = choice ?? saved;
  const name = t(dutyLabelKey(row.duty));
  const fieldId = `duty-${row.duty}`;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${fieldId}-title`}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id={`${fieldId}-title`} component="h2" sx={{ fontWeight: 700 }}>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(purposeKey(row.duty))}
      </Typography>
      <Typography data-testid={`${fieldId}-holder`} sx={{ fontWeight: 600 }}>
        {row.holder
          ? t('shell.council.heldBy', { name: row.holder.name })
          : t('shell.council.vacant')}
      </Typography>
      {canAssign ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
          <TextField
            select
            size="small"
            id={fieldId}
            label={t('shell.council.choose', { duty: name })}
            value={current}
            onChange={(e) => setChoice(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 240, flexGrow: 1 }}
          >
            <MenuItem value="">{t('shell.council.nobody')}</MenuItem>
            {candidates.map((c) => (
              <MenuItem key={c.userId} value={String(c.userId)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={assign.isPending || current === saved}
            onClick={() =>
              assign.mutate(
                { duty: row.duty, userId: current === '' ? null : Number(current) },
                {
                  onSuccess: () => {
                    setChoice(null);
                    toast.success(
                      current === ''
                        ? t('shell.council.released', { duty: name })
                        : t('shell.council.assigned', { duty: name }),
                    );
                  },
                  onError: (e) => toast.error(errorMessage(e)),
                },
              )
            }
          >
            {t('shell.council.save')}
          </Button>
        </Box>
      ) : null}
      <Typography variant="caption" color="text.secondary" sx={{ mt: 'auto' }}>
        {t('shell.council.source', { source: t(sourceKey(row.duty)) })}
      </Typography>
    </Paper>
  );
}

/** The council's duties and their holders; the chairperson assigns and releases them here. */
export function CouncilDutiesSection() {
  const t = useT();
  const duties = useCouncilDuties();
  if (duties.isError) {
    return <Alert severity="error">{errorMessage(duties.error)}</Alert>;
  }
  if (!duties.data) {
    return <CircularProgress aria-label={t('shell.council.loading')} />;
  }
  const { canAssign, candidates } = duties.data;
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {canAssign ? t('shell.council.introChair') : t('shell.council.intro')}
      </Typography>
      {canAssign && candidates.length === 0 ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('shell.council.noCandidates')}
        </Alert>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {duties.data.duties.map((row) => (
          <DutyCard key={row.duty} row={row} canAssign={canAssign} candidates={candidates} />
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, maxWidth: 900 }}>
        {t('shell.council.rules')}
      </Typography>
    </Box>
  );
}
