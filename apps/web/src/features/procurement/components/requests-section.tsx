import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { formatPlanPeso, manilaYear, type BacRole, type PurchaseRequest } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { dayText } from '../../tracker/lib/dates.ts';
import { useCreateRequest, useRequests } from '../api.ts';
import { RequestDetail } from './request-detail.tsx';
import { RequestDialog } from './request-dialog.tsx';

/** Where a request stands, for its chip: the furthest step it reached. */
export function stageOf(r: PurchaseRequest): string {
  if (r.status !== 'requested') {
    return r.inspections.length > 0 ? 'inspected' : r.status;
  }
  if (r.resolution) {
    return 'resolved';
  }
  if (r.award) {
    return 'abstract';
  }
  return r.quotations.length > 0 ? 'quoted' : 'requested';
}

/** The year's purchase requests, a new one from a plan line, and the one opened. */
export function RequestsSection({
  roles,
  isHope,
  hasBac,
}: {
  roles: BacRole[];
  isHope: boolean;
  hasBac: boolean;
}) {
  const t = useT();
  const current = manilaYear(new Date());
  const [year, setYear] = useState(current);
  const query = useRequests(year);
  const create = useCreateRequest();
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const answer = query.data;
  const opened = answer?.requests.find((r) => r.id === openId) ?? null;
  const heading = t('procurement.requests.heading');
  const close = () => {
    setCreating(false);
    setError(null);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5 }}>
        <Box
          sx={{
            display: 'flex',
            gap: 1.5,
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography component="h2" variant="h6">
            {heading}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('procurement.year')}
              value={String(year)}
              onChange={(e) => {
                setYear(Number(e.target.value));
                setOpenId(null);
              }}
              sx={{ minWidth: 110 }}
            >
              {[current - 2, current - 1, current, current + 1].map((y) => (
                <MenuItem key={y} value={String(y)}>
                  {y}
                </MenuItem>
              ))}
            </TextField>
            {answer?.canRequest ? (
              <Button
                variant="contained"
                startIcon={<Add />}
                disabled={answer.lines.length === 0}
                onClick={() => setCreating(true)}
              >
                {t('procurement.requests.new')}
              </Button>
            ) : null}
          </Box>
        </Box>
        {!hasBac ? <Alert severity="warning">{t('procurement.bac.none')}</Alert> : null}
        {answer?.canRequest && answer.lines.length === 0 ? (
          <Alert severity="info">{t('procurement.requests.noLines', { year: String(year) })}</Alert>
        ) : null}
        {query.isPending ? <CircularProgress aria-label={t('procurement.loading')} /> : null}
        {query.isError ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
        {answer && answer.requests.length === 0 ? (
          <Typography color="text.secondary">
            {t('procurement.requests.none', { year: String(year) })}
          </Typography>
        ) : null}
        {answer && answer.requests.length > 0 ? (
          <ScrollRegion label={heading}>
            <Table size="small" aria-label={heading}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('procurement.requests.column.number')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('procurement.requests.column.line')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('procurement.requests.column.total')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('procurement.requests.column.status')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    <Box component="span" sx={visuallyHidden}>
                      {t('procurement.column.actions')}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {answer.requests.map((r) => (
                  <TableRow key={r.id} data-request={r.number} selected={r.id === openId}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                        {r.number}
                      </Box>
                      <Box component="span" sx={{ display: 'block', fontSize: 13 }}>
                        {dayText(r.requestedOn)}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>
                      <Box component="span" sx={{ display: 'block' }}>
                        {r.ppa}
                      </Box>
                      <Box
                        component="span"
                        sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}
                      >
                        {r.purpose || r.items[0]?.description}
                      </Box>
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatPlanPeso(r.total)}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                        <Chip
                          size="small"
                          variant={r.status === 'ordered' ? 'filled' : 'outlined'}
                          color={r.status === 'ordered' ? 'success' : 'default'}
                          label={t(`procurement.stage.${stageOf(r)}`)}
                        />
                        {r.splitting.unanswered ? (
                          <Chip
                            size="small"
                            color="warning"
                            label={t('procurement.splitting.chip')}
                          />
                        ) : null}
                      </Box>
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        sx={{ whiteSpace: 'nowrap' }}
                        onClick={() => setOpenId(r.id === openId ? null : r.id)}
                        aria-expanded={r.id === openId}
                      >
                        {t(
                          r.id === openId
                            ? 'procurement.requests.close'
                            : 'procurement.requests.open',
                        )}
                        <Box component="span" sx={visuallyHidden}>
                          {` ${r.number}`}
                        </Box>
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollRegion>
        ) : null}
      </Paper>
      {opened ? (
        <RequestDetail key={opened.id} request={opened} roles={roles} isHope={isHope} />
      ) : null}
      {creating && answer ? (
        <RequestDialog
          year={year}
          lines={answer.lines}
          busy={create.isPending}
          error={error}
          onClose={close}
          onSubmit={(body) =>
            create.mutate(body, {
              onSuccess: (a) => {
                toast.success(t('procurement.requests.made', { number: a.request.number }));
                close();
                setOpenId(a.request.id);
              },
              onError: (failure) => setError(errorMessage(failure)),
            })
          }
        />
      ) : null}
    </Box>
  );
}
