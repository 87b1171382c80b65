import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type BacRole, type PurchaseRequest } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { dayText } from '../../tracker/lib/dates.ts';
import { PROCUREMENT_DOCUMENTS, useAnswerSplitting } from '../api.ts';
import { AbstractStep, OrderStep, QuotationsStep, ResolutionStep } from './request-steps.tsx';
import { InspectionStep } from './inspection-step.tsx';
import { DeadlineChip, DocumentButton } from './shared.tsx';

const MEMBERS: readonly BacRole[] = ['chair', 'vice chair', 'member'];

/**
 * One purchase request: its items, deadlines and splitting warning, each step from the
 * quotations to the inspection (the form of a step to whoever may take it), and its documents.
 */
export function RequestDetail({
  request: r,
  roles,
  isHope,
}: {
  request: PurchaseRequest;
  roles: BacRole[];
  isHope: boolean;
}) {
  const t = useT();
  const member = roles.some((role) => MEMBERS.includes(role));
  const bac = member || roles.includes('secretariat') || isHope;
  const open = r.status === 'requested';
  const heading = t('procurement.detail.heading', { number: r.number });
  const itemsLabel = t('procurement.detail.items');
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={heading}
      sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box>
        <Typography component="h2" variant="h6">
          {heading}
        </Typography>
        <Typography color="text.secondary">
          {t('procurement.detail.summary', {
            line: `${r.lineRef} · ${r.ppa}`,
            class: r.expenseClass,
            total: formatPlanPeso(r.total),
          })}
        </Typography>
        <Typography color="text.secondary" variant="body2">
          {t('procurement.detail.requested', {
            date: dayText(r.requestedOn),
            name: r.requestedBy,
          })}
        </Typography>
        {r.purpose ? <Typography sx={{ mt: 0.5 }}>{r.purpose}</Typography> : null}
      </Box>
      <ScrollRegion label={itemsLabel}>
        <Table size="small" aria-label={itemsLabel}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('procurement.request.field.description')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('procurement.request.field.quantity')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('procurement.request.field.unit')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('procurement.request.field.unitCost')}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {t('procurement.detail.amount')}
              </TableCell>
              <TableCell component="th" scope="col">
                {t('procurement.request.field.object')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {r.items.map((item, index) => (
              <TableRow key={index}>
                <TableCell sx={{ minWidth: 160 }}>{item.description}</TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell>{item.unit}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPlanPeso(item.unitCost)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatPlanPeso(item.amount)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.objectCode}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
      <Deadlines request={r} />
      {!r.withinSvpCeiling ? (
        <Alert severity="warning">{t('procurement.detail.aboveSvp')}</Alert>
      ) : null}
      <Splitting request={r} canAnswer={member && open} />
      <QuotationsStep request={r} canEdit={bac && open && !r.resolution} />
      {r.quotations.length > 0 ? (
        <AbstractStep request={r} canEdit={bac && open && !r.resolution} />
      ) : null}
      {r.award ? <ResolutionStep request={r} canEdit={member && open && !r.resolution} /> : null}
      {r.resolution ? <OrderStep request={r} canApprove={isHope && open} /> : null}
      {r.order ? <InspectionStep request={r} canInspect={roles.includes('inspector')} /> : null}
      <Documents request={r} />
    </Paper>
  );
}

/** The deadlines the answer carries, with the days left. */
function Deadlines({ request: r }: { request: PurchaseRequest }) {
  const t = useT();
  const chips = [];
  if (r.posting.required && r.posting.until && r.posting.daysLeft !== null) {
    chips.push(
      <DeadlineChip
        key="posting"
        label={t('procurement.deadline.posting')}
        day={r.posting.until}
        daysLeft={r.posting.daysLeft}
        done={r.resolution !== null}
      />,
    );
  }
  if (r.order) {
    chips.push(
      <DeadlineChip
        key="auditor"
        label={t('procurement.deadline.auditor', { number: r.order.number })}
        day={r.order.auditorDue}
        daysLeft={r.order.auditorDaysLeft}
      />,
    );
  }
  for (const i of r.inspections) {
    chips.push(
      <DeadlineChip
        key={`inspection-${String(i.id)}`}
        label={t('procurement.deadline.delivery', { date: dayText(i.deliveredOn) })}
        day={i.reportDue}
        daysLeft={i.reportDaysLeft}
      />,
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('procurement.deadline.heading')}
      </Typography>
      {r.posting.required ? null : (
        <Typography variant="body2" color="text.secondary">
          {t('procurement.deadline.noPosting', { threshold: formatPlanPeso(r.posting.threshold) })}
        </Typography>
      )}
      {chips.length > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{chips}</Box>
      ) : null}
    </Box>
  );
}

/** The splitting warning the BAC answers in writing before its resolution. */
function Splitting({ request: r, canAnswer }: { request: PurchaseRequest; canAnswer: boolean }) {
  const t = useT();
  const answer = useAnswerSplitting();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!r.splitting.warning) {
    return null;
  }
  const submit = () => {
    if (!reason.trim()) {
      setError(t('procurement.splitting.reasonRequired'));
      return;
    }
    setError(null);
    answer.mutate(
      { id: r.id, reason: reason.trim() },
      {
        onSuccess: () => toast.success(t('procurement.splitting.saved')),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Alert
      severity={r.splitting.unanswered ? 'warning' : 'info'}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography sx={{ fontWeight: 700 }}>{t('procurement.splitting.title')}</Typography>
      <Typography variant="body2">
        {t('procurement.splitting.text', {
          sum: formatPlanPeso(r.splitting.sum),
          threshold: formatPlanPeso(r.posting.threshold),
        })}
      </Typography>
      <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
        {r.splitting.related.map((k) => (
          <li key={k.number}>
            {`${k.number} · ${dayText(k.requestedOn)} · ${formatPlanPeso(k.total)}`}
          </li>
        ))}
      </Box>
      {r.splitting.reason ? (
        <Typography variant="body2">
          {t('procurement.splitting.answered', { reason: r.splitting.reason })}
        </Typography>
      ) : null}
      {r.splitting.unanswered && canAnswer ? (
        <Box sx={{ display: 'grid', gap: 1, mt: 1 }}>
          {error ? (
            <Typography color="error" role="alert" variant="body2">
              {error}
            </Typography>
          ) : null}
          <TextField
            multiline
            minRows={2}
            size="small"
            label={t('procurement.splitting.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box>
            <Button variant="contained" size="small" disabled={answer.isPending} onClick={submit}>
              {t('procurement.splitting.submit')}
            </Button>
          </Box>
        </Box>
      ) : null}
      {r.splitting.unanswered && !canAnswer ? (
        <Typography variant="body2">{t('procurement.splitting.waiting')}</Typography>
      ) : null}
    </Alert>
  );
}

/** The request's documents, each as a PDF once its step is done. */
function Documents({ request: r }: { request: PurchaseRequest }) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('procurement.documents.heading')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <DocumentButton
          doc={PROCUREMENT_DOCUMENTS.request(r.id)}
          fileName={`pr-${r.number}.pdf`}
          label={t('procurement.documents.request')}
        />
        {r.quotations.length > 0 ? (
          <DocumentButton
            doc={PROCUREMENT_DOCUMENTS.rfq(r.id)}
            fileName={`rfq-${r.number}.pdf`}
            label={t('procurement.documents.rfq')}
          />
        ) : null}
        {r.award ? (
          <DocumentButton
            doc={PROCUREMENT_DOCUMENTS.abstract(r.id)}
            fileName={`abstract-${r.number}.pdf`}
            label={t('procurement.documents.abstract')}
          />
        ) : null}
        {r.resolution ? (
          <DocumentButton
            doc={PROCUREMENT_DOCUMENTS.resolution(r.id)}
            fileName={`resolution-${r.number}.pdf`}
            label={t('procurement.documents.resolution')}
          />
        ) : null}
        {r.order ? (
          <DocumentButton
            doc={PROCUREMENT_DOCUMENTS.order(r.order.id)}
            fileName={`po-${r.order.number}.pdf`}
            label={t('procurement.documents.order')}
          />
        ) : null}
        {r.inspections.map((i, index) => (
          <DocumentButton
            key={i.id}
            doc={PROCUREMENT_DOCUMENTS.inspection(i.id)}
            fileName={`iar-${r.number}-${String(index + 1)}.pdf`}
            label={t('procurement.documents.inspection', { n: String(index + 1) })}
          />
        ))}
      </Box>
    </Box>
  );
}
