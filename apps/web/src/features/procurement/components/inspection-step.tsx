import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PurchaseRequest } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { dayText, manilaToday } from '../../tracker/lib/dates.ts';
import { useRecordInspection } from '../api.ts';
import { Step, grid, useStepRun } from './step-parts.tsx';

/** Deliveries inspected and accepted by the BAC's inspector, quantity by item. */
export function InspectionStep({
  request: r,
  canInspect,
}: {
  request: PurchaseRequest;
  canInspect: boolean;
}) {
  const t = useT();
  const record = useRecordInspection();
  const [error, setError] = useState<string | null>(null);
  const run = useStepRun(setError);
  const accepted = r.items.map((_item, k) =>
    r.inspections.reduce((sum, i) => sum + (i.accepted[k] ?? 0), 0),
  );
  const left = r.items.map((item, k) => item.quantity - (accepted[k] ?? 0));
  const [quantities, setQuantities] = useState(left.map(String));
  const [deliveredOn, setDeliveredOn] = useState(manilaToday());
  const [inspectedOn, setInspectedOn] = useState(manilaToday());
  const allAccepted = left.every((n) => n <= 0);
  const submit = () => {
    if (!r.order || quantities.some((q) => !/^\d+$/.test(q.trim()))) {
      setError(t('procurement.inspection.badQuantity'));
      return;
    }
    record.mutate(
      {
        orderId: r.order.id,
        deliveredOn,
        inspectedOn,
        items: quantities.map((q, item) => ({ item, quantity: Number(q) })),
      },
      run('procurement.inspection.saved'),
    );
  };
  return (
    <Step name="inspection" title={t('procurement.inspection.heading')} error={error}>
      {r.inspections.length === 0 ? (
        <Typography color="text.secondary">{t('procurement.inspection.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {r.inspections.map((i) => (
            <li key={i.id}>
              {t('procurement.inspection.done', {
                delivered: dayText(i.deliveredOn),
                inspected: dayText(i.inspectedOn),
                name: i.inspector,
                items: r.items
                  .map((item, k) => `${item.description}: ${String(i.accepted[k] ?? 0)}`)
                  .join('; '),
              })}
            </li>
          ))}
        </Box>
      )}
      {allAccepted ? (
        <Typography color="success.main">{t('procurement.inspection.complete')}</Typography>
      ) : null}
      {canInspect && !allAccepted ? (
        <Box sx={grid}>
          <TextField
            size="small"
            type="date"
            label={t('procurement.inspection.deliveredOn')}
            value={deliveredOn}
            onChange={(e) => setDeliveredOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('procurement.inspection.inspectedOn')}
            value={inspectedOn}
            onChange={(e) => setInspectedOn(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          {r.items.map((item, k) => (
            <TextField
              key={k}
              size="small"
              label={t('procurement.inspection.accepted', { item: item.description })}
              helperText={t('procurement.inspection.left', {
                left: String(left[k] ?? 0),
                unit: item.unit,
              })}
              value={quantities[k] ?? ''}
              onChange={(e) =>
                setQuantities(quantities.map((q, i) => (i === k ? e.target.value : q)))
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          ))}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button variant="contained" disabled={record.isPending} onClick={submit}>
              {t('procurement.inspection.save')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Step>
  );
}
