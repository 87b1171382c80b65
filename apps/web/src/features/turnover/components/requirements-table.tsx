import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import type { NewOfficial, OfficeRequirementKey, OfficialsRequirements } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRecordRequirement, useVerifyRequirement } from '../officials-api.ts';

interface Editing {
  official: NewOfficial;
  key: OfficeRequirementKey;
}

/**
 * The officials of the new term and their requirements before assuming office: each cell the
 * day done and its reference, verified or not; who may record opens a small form, the city
 * verifies. Shared by the barangay's turnover page and the city's (with `barangayCode`).
 */
export function RequirementsTable({
  data,
  barangayCode,
}: {
  data: OfficialsRequirements;
  barangayCode?: string;
}) {
  const t = useT();
  const record = useRecordRequirement(barangayCode);
  const verify = useVerifyRequirement(barangayCode ?? '');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [doneOn, setDoneOn] = useState('');
  const [reference, setReference] = useState('');
  const open = (official: NewOfficial, key: OfficeRequirementKey) => {
    const state = official.requirements.find((r) => r.key === key);
    setDoneOn(state?.doneOn ?? '');
    setReference(state?.reference ?? '');
    setEditing({ official, key });
  };
  const save = (clear: boolean) => {
    if (!editing) {
      return;
    }
    record.mutate(
      {
        userId: editing.official.userId,
        requirement: editing.key,
        doneOn: clear ? null : doneOn,
        reference: clear ? null : reference,
      },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? t('shell.officials.saved'));
          setEditing(null);
        },
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };
  if (data.officials.length === 0) {
    return <Typography color="text.secondary">{t('shell.officials.none')}</Typography>;
  }
  return (
    <>
      <ScrollRegion label={t('shell.officials.tableLabel')}>
        <Table size="small" aria-label={t('shell.officials.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('shell.officials.official')}</TableCell>
              {data.requirements.map((r) => (
                <TableCell key={r.key}>{t(`shell.officials.req.${r.key}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.officials.map((o) => {
              const mayRecord = data.canRecordFor.includes(o.userId);
              return (
                <TableRow key={o.userId}>
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{o.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(o.position === 'SKC' ? 'shell.officials.chair' : 'shell.officials.member')}
                      {' · '}
                      {t(o.signedIn ? 'shell.officials.signedIn' : 'shell.officials.notSignedIn')}
                    </Typography>
                  </TableCell>
                  {o.requirements.map((r) => (
                    <TableCell key={r.key} sx={{ minWidth: 150 }}>
                      {r.doneOn ? (
                        <Box>
                          <Typography variant="body2">
                            {t('shell.officials.doneOn', { date: r.doneOn })}
                          </Typography>
                          {r.reference ? (
                            <Typography variant="body2" color="text.secondary">
                              {r.reference}
                            </Typography>
                          ) : null}
                          {data.canVerify ? (
                            <FormControlLabel
                              control={
                                <Checkbox
                                  size="small"
                                  checked={r.verifiedOn !== null}
                                  disabled={verify.isPending}
                                  onChange={(e) =>
                                    verify.mutate(
                                      {
                                        userId: o.userId,
                                        requirement: r.key,
                                        verified: e.target.checked,
                                      },
                                      { onError: (err) => toast.error(errorMessage(err)) },
                                    )
                                  }
                                />
                              }
                              label={t('shell.officials.verified')}
                            />
                          ) : r.verifiedOn ? (
                            <Typography variant="body2" color="success.main">
                              {t('shell.officials.verified')}
                            </Typography>
                          ) : null}
                        </Box>
                      ) : (
                        <Typography variant="body2" color="warning.dark">
                          {t('shell.officials.missing')}
                        </Typography>
                      )}
                      {mayRecord ? (
                        <Button
                          size="small"
                          onClick={() => open(o, r.key)}
                          aria-label={t('shell.officials.recordFor', {
                            requirement: t(`shell.officials.req.${r.key}`),
                            name: o.name,
                          })}
                        >
                          {t(r.doneOn ? 'shell.officials.change' : 'shell.officials.record')}
                        </Button>
                      ) : null}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollRegion>
      <Dialog open={editing !== null} onClose={() => setEditing(null)}>
        <DialogTitle>
          {editing
            ? t('shell.officials.recordFor', {
                requirement: t(`shell.officials.req.${editing.key}`),
                name: editing.official.name,
              })
            : ''}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important', minWidth: 300 }}>
          <TextField
            type="date"
            label={t('shell.officials.date')}
            value={doneOn}
            onChange={(e) => setDoneOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            required
          />
          <TextField
            label={t('shell.officials.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)}>{t('shell.officials.cancel')}</Button>
          <Button color="warning" disabled={record.isPending} onClick={() => save(true)}>
            {t('shell.officials.clear')}
          </Button>
          <Button
            variant="contained"
            disabled={record.isPending || doneOn === ''}
            onClick={() => save(false)}
          >
            {t('shell.officials.save')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
