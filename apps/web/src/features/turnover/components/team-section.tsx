import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import type { Turnover } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSaveTeam } from '../api.ts';

const roleKey = (role: string) =>
  role === 'chair'
    ? 'shell.turnover.role.chair'
    : role === 'vice chair'
      ? 'shell.turnover.role.viceChair'
      : 'shell.turnover.role.member';

/** The SK Inventory Team: its order and members; the chairperson creates or changes it here. */
export function TeamSection({ turnover }: { turnover: Turnover }) {
  const t = useT();
  const save = useSaveTeam();
  const team = turnover.team;
  const [orderNumber, setOrderNumber] = useState(team?.orderNumber ?? '');
  const [orderDate, setOrderDate] = useState(team?.orderDate ?? turnover.asOf);
  const [members, setMembers] = useState<number[]>(
    team?.members.filter((m) => m.role !== 'chair').map((m) => m.userId) ?? [],
  );
  const [vice, setVice] = useState<string>(
    String(team?.members.find((m) => m.role === 'vice chair')?.userId ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const editable = turnover.canManage && turnover.state !== 'signed';
  const toggle = (id: number) =>
    setMembers((now) => (now.includes(id) ? now.filter((m) => m !== id) : [...now, id]));

  return (
    <Paper variant="outlined" component="section" aria-labelledby="skit-title" sx={{ p: 2 }}>
      <Typography id="skit-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('shell.turnover.team.title')}
      </Typography>
      {team ? (
        <Box sx={{ mb: 2 }}>
          <Typography data-testid="skit-order">
            {t('shell.turnover.team.order', { number: team.orderNumber, date: team.orderDate })}
          </Typography>
          <Box component="ul" sx={{ my: 1, pl: 3 }}>
            {team.members.map((m) => (
              <li key={m.userId}>
                {m.name}: {t(roleKey(m.role))}
              </li>
            ))}
          </Box>
        </Box>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('shell.turnover.team.none')}
        </Alert>
      )}
      {editable ? (
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            save.mutate(
              {
                orderNumber,
                orderDate,
                memberIds: members,
                viceChairId: vice === '' ? null : Number(vice),
              },
              {
                onSuccess: () => toast.success(t('shell.turnover.team.saved')),
                onError: (e) => setError(errorMessage(e)),
              },
            );
          }}
          sx={{ display: 'grid', gap: 1.5, maxWidth: 560 }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('shell.turnover.team.rules', { least: String(turnover.rules.minMembers) })}
          </Typography>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextField
            size="small"
            id="skit-order-number"
            label={t('shell.turnover.team.orderNumber')}
            value={orderNumber}
            onChange={(e) => setOrderNumber(e.target.value)}
          />
          <TextField
            size="small"
            type="date"
            id="skit-order-date"
            label={t('shell.turnover.team.orderDate')}
            value={orderDate}
            onChange={(e) => setOrderDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormGroup aria-label={t('shell.turnover.team.members')}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('shell.turnover.team.members')}
            </Typography>
            {turnover.candidates.map((c) => (
              <FormControlLabel
                key={c.userId}
                control={
                  <Checkbox
                    checked={members.includes(c.userId)}
                    onChange={() => toggle(c.userId)}
                  />
                }
                label={c.name}
              />
            ))}
          </FormGroup>
          <TextField
            select
            size="small"
            id="skit-vice-chair"
            label={t('shell.turnover.team.viceChair')}
            value={vice}
            onChange={(e) => setVice(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('shell.turnover.team.noViceChair')}</MenuItem>
            {turnover.candidates
              .filter((c) => members.includes(c.userId))
              .map((c) => (
                <MenuItem key={c.userId} value={String(c.userId)}>
                  {c.name}
                </MenuItem>
              ))}
          </TextField>
          <Box>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {team ? t('shell.turnover.team.change') : t('shell.turnover.team.create')}
            </Button>
          </Box>
        </Box>
      ) : null}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {t('shell.turnover.team.source')}
      </Typography>
    </Paper>
  );
}
