import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, manilaYear } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { downloadPlanDocument, useApprovePlan, useProcurementPlan } from '../api.ts';

/**
 * The year's Annual Procurement Plan (built by the server from the posted ABYIP's lines), its
 * approval by the chairperson as Head of the Procuring Entity, and the plan and the half-year's
 * Procurement Monitoring Report to download.
 */
export function PlanSection() {
  const t = useT();
  const current = manilaYear(new Date());
  const [year, setYear] = useState(current);
  const query = useProcurementPlan(year);
  const approve = useApprovePlan();
  const app = query.data?.app ?? null;
  const download = (which: 'plan' | 'monitoring-report', format: 'pdf' | 'xlsx', half?: 1 | 2) => {
    downloadPlanDocument(which, { year, format, ...(half ? { half } : {}) }).catch((e: unknown) =>
      toast.error(errorMessage(e)),
    );
  };
  const onApprove = () => {
    approve.mutate(year, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (e) => toast.error(errorMessage(e)),
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="app-title" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
        <Typography id="app-title" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('procurement.plan.title')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('procurement.year')}
          value={String(year)}
          onChange={(e) => setYear(Number(e.target.value))}
          sx={{ minWidth: 110 }}
        >
          {[current - 2, current - 1, current, current + 1].map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {query.error ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
      {query.data && app === null ? (
        <Alert severity="info">{t('procurement.plan.none', { year: String(year) })}</Alert>
      ) : null}
      {app ? (
        <>
          <Typography sx={{ mb: 1 }} data-testid="app-approval">
            {app.approval?.current
              ? t('procurement.plan.approved', {
                  by: app.approval.approvedBy,
                  at: app.approval.approvedAt.slice(0, 10),
                })
              : app.approval
                ? t('procurement.plan.outdated')
                : t('procurement.plan.notApproved')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('procurement.plan.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('procurement.plan.project')}</TableCell>
                  <TableCell>{t('procurement.plan.mode')}</TableCell>
                  <TableCell>{t('procurement.plan.schedule')}</TableCell>
                  <TableCell align="right">{t('procurement.plan.estimated')}</TableCell>
                  <TableCell align="right">{t('procurement.plan.ordered')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {app.rows.map((r) => (
                  <TableRow key={r.code}>
                    <TableCell>
                      <strong>{r.code}</strong> {r.project}
                    </TableCell>
                    <TableCell>{r.modeLabel}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {r.schedule.from && r.schedule.to
                        ? `${r.schedule.from} – ${r.schedule.to}`
                        : t('procurement.plan.notScheduled')}
                    </TableCell>
                    <TableCell align="right">{formatPlanPeso(r.estimated.total)}</TableCell>
                    <TableCell align="right">{formatPlanPeso(r.ordered)}</TableCell>
                  </TableRow>
                ))}
                <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                  <TableCell colSpan={3}>{t('procurement.plan.total')}</TableCell>
                  <TableCell align="right">{formatPlanPeso(app.totals.total)}</TableCell>
                  <TableCell align="right">{formatPlanPeso(app.totals.ordered)}</TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
            {query.data?.canApprove && !app.approval?.current ? (
              <Button variant="contained" onClick={onApprove} disabled={approve.isPending}>
                {t('procurement.plan.approve')}
              </Button>
            ) : null}
            <Button variant="outlined" onClick={() => download('plan', 'pdf')}>
              {t('procurement.plan.pdf')}
            </Button>
            <Button variant="outlined" onClick={() => download('plan', 'xlsx')}>
              {t('procurement.plan.xlsx')}
            </Button>
          </Box>
        </>
      ) : null}
      <Typography component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        {t('procurement.pmr.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('procurement.pmr.help')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {([1, 2] as const).map((half) => (
          <Button
            key={half}
            variant="outlined"
            onClick={() => download('monitoring-report', 'pdf', half)}
          >
            {t(`procurement.pmr.half${String(half)}`, { year: String(year) })}
          </Button>
        ))}
        {([1, 2] as const).map((half) => (
          <Button
            key={`x${String(half)}`}
            variant="outlined"
            onClick={() => download('monitoring-report', 'xlsx', half)}
          >
            {t(`procurement.pmr.half${String(half)}Xlsx`, { year: String(year) })}
          </Button>
        ))}
      </Box>
    </Paper>
  );
}
