import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LGU_DECISION_STATUSES,
  type CityProposal,
  type LguDecisionStatus,
} from '@sk-tanaw/contract';
import { toast } from '../../../lib/toast.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { projectStatusLabel } from '../../projects/lib/status-label.ts';
import { useCityDecided, useCityQueue, useDecideProposal } from '../api/city-proposals.ts';

/**
 * The proposals waiting for the LGU: the city's queue, which the youth
 * development officer decides here (LGU Revision Requested, LGU Approval, LGU Rejected, with
 * remarks); the administrator and the federation read it; the budget officer does not see it.
 */
export function CityQueueSection({ role }: { role: string }) {
  const t = useT();
  const reads = role === 'CYDO' || role === 'CA' || role === 'SKF';
  const { data } = useCityQueue(reads);
  const [open, setOpen] = useState<CityProposal | null>(null);
  if (!reads || !data) {
    return null;
  }
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('shell.city.queue.title', { count: data.proposals.length })}
      </Typography>
      {data.proposals.length === 0 ? (
        <Typography color="text.secondary">{t('shell.city.queue.empty')}</Typography>
      ) : (
        <ScrollRegion label={t('shell.city.queue.tableLabel')}>
          <Table size="small" aria-label={t('shell.city.queue.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('shell.city.queue.reference')}</TableCell>
                <TableCell>{t('shell.city.queue.proposal')}</TableCell>
                <TableCell>{t('shell.city.dashboard.col.barangay')}</TableCell>
                <TableCell>{t('shell.city.queue.since')}</TableCell>
                {role === 'CYDO' ? <TableCell>{t('shell.city.queue.action')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.proposals.map((p) => (
                <TableRow key={p.id} data-testid={`city-queue-${p.referenceNumber}`}>
                  <TableCell>{p.referenceNumber}</TableCell>
                  <TableCell>
                    <Typography component="span" sx={{ fontWeight: 600 }}>
                      {p.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {p.description}
                    </Typography>
                  </TableCell>
                  <TableCell>{p.barangay.name}</TableCell>
                  <TableCell>{p.updatedAt.slice(0, 10)}</TableCell>
                  {role === 'CYDO' ? (
                    <TableCell>
                      <Button size="small" variant="outlined" onClick={() => setOpen(p)}>
                        {t('shell.city.queue.decide')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      {open ? <DecideDialog proposal={open} onClose={() => setOpen(null)} /> : null}
      {role === 'CYDO' ? <DecidedSection /> : null}
    </Box>
  );
}

/**
 * The city's decisions hold: the council can no longer change a proposal the city decided. The
 * youth development officer may reopen one (back to "Submitted to LGU", audited), for an appeal
 * or a mistaken decision.
 */
function DecidedSection() {
  const t = useT();
  const { data } = useCityDecided(true);
  const [reopen, setReopen] = useState<CityProposal | null>(null);
  const [remarks, setRemarks] = useState('');
  const decide = useDecideProposal();
  if (!data || data.proposals.length === 0) {
    return null;
  }
  const submit = async (proposal: CityProposal) => {
    try {
      await decide.mutateAsync({ id: proposal.id, status: 'Submitted to LGU', remarks });
      toast.success(t('shell.city.queue.reopened', { reference: proposal.referenceNumber }));
      setReopen(null);
      setRemarks('');
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('shell.city.queue.decidedTitle')}
      </Typography>
      <ScrollRegion label={t('shell.city.queue.decidedTitle')}>
        <Table size="small" aria-label={t('shell.city.queue.decidedTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('shell.city.queue.reference')}</TableCell>
              <TableCell>{t('shell.city.queue.proposal')}</TableCell>
              <TableCell>{t('shell.city.dashboard.col.barangay')}</TableCell>
              <TableCell>{t('shell.city.queue.decision')}</TableCell>
              <TableCell>{t('shell.city.queue.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.proposals.slice(0, 20).map((p) => (
              <TableRow key={p.id} data-testid={`city-decided-${p.referenceNumber}`}>
                <TableCell>{p.referenceNumber}</TableCell>
                <TableCell>{p.title}</TableCell>
                <TableCell>{p.barangay.name}</TableCell>
                <TableCell>{projectStatusLabel(t, p.status)}</TableCell>
                <TableCell>
                  <Button
                    size="small"
                    onClick={() => setReopen(p)}
                    aria-label={`${t('shell.city.queue.reopen')} ${p.referenceNumber}`}
                  >
                    {t('shell.city.queue.reopen')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      {reopen ? (
        <Dialog open onClose={() => setReopen(null)} fullWidth maxWidth="sm">
          <DialogTitle>
            {t('shell.city.queue.reopenTitle', { reference: reopen.referenceNumber })}
          </DialogTitle>
          <DialogContent>
            <Typography sx={{ mb: 2 }}>{t('shell.city.queue.reopenHelp')}</Typography>
            <TextField
              fullWidth
              multiline
              minRows={2}
              label={t('shell.city.queue.remarks')}
              value={remarks}
              onChange={(e) => setRemarks(e.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReopen(null)}>{t('shell.city.queue.cancel')}</Button>
            <Button
              variant="contained"
              onClick={() => void submit(reopen)}
              disabled={decide.isPending}
            >
              {t('shell.city.queue.reopen')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Box>
  );
}

function DecideDialog({ proposal, onClose }: { proposal: CityProposal; onClose: () => void }) {
  const t = useT();
  const [status, setStatus] = useState<LguDecisionStatus>('LGU Approval');
  const [remarks, setRemarks] = useState('');
  const decide = useDecideProposal();
  const submit = async () => {
    try {
      await decide.mutateAsync({ id: proposal.id, status, remarks });
      toast.success(t('shell.city.queue.decided', { reference: proposal.referenceNumber }));
      onClose();
    } catch (e) {
      toast.error(errorMessage(e));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {t('shell.city.queue.dialogTitle', { reference: proposal.referenceNumber })}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{proposal.title}</Typography>
        <TextField
          select
          fullWidth
          label={t('shell.city.queue.decision')}
          value={status}
          onChange={(e) => setStatus(e.target.value as LguDecisionStatus)}
          sx={{ mb: 2 }}
        >
          {LGU_DECISION_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {projectStatusLabel(t, s)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          multiline
          minRows={3}
          label={t('shell.city.queue.remarks')}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('shell.city.queue.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={decide.isPending}>
          {t('shell.city.queue.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
