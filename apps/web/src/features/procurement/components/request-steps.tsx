import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type PurchaseRequest } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { dayText, manilaToday } from '../../tracker/lib/dates.ts';
import { parseAmount } from '../../tracker/components/money-fields.tsx';
import {
  useApproveOrder,
  useSaveAbstract,
  useSaveQuotations,
  useSaveResolution,
  useSuppliers,
} from '../api.ts';
import { Step, grid, useStepRun } from './step-parts.tsx';

interface QuoteRow {
  supplierId: string;
  amount: string;
  responsive: boolean;
}

/** The suppliers the request for quotation went to (three at least), and what each quoted. */
export function QuotationsStep({
  request: r,
  canEdit,
}: {
  request: PurchaseRequest;
  canEdit: boolean;
}) {
  const t = useT();
  const suppliers = useSuppliers();
  const save = useSaveQuotations();
  const [error, setError] = useState<string | null>(null);
  const run = useStepRun(setError);
  const start: QuoteRow[] =
    r.quotations.length > 0
      ? r.quotations.map((q) => ({
          supplierId: String(q.supplierId),
          amount: q.amount === null ? '' : q.amount.toFixed(2),
          responsive: q.responsive,
        }))
      : [0, 1, 2].map(() => ({ supplierId: '', amount: '', responsive: true }));
  const [rows, setRows] = useState<QuoteRow[]>(start);
  const change = (index: number, patch: Partial<QuoteRow>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const submit = () => {
    const chosen = rows.filter((row) => row.supplierId !== '');
    if (chosen.some((row) => row.amount.trim() !== '' && parseAmount(row.amount) === null)) {
      setError(t('procurement.quotations.badAmount'));
      return;
    }
    save.mutate(
      {
        id: r.id,
        body: {
          quotations: chosen.map((row) => ({
            supplierId: Number(row.supplierId),
            amount: row.amount.trim() === '' ? null : parseAmount(row.amount),
            responsive: row.responsive,
          })),
        },
      },
      run('procurement.quotations.saved'),
    );
  };
  const list = suppliers.data?.suppliers ?? [];
  return (
    <Step name="quotations" title={t('procurement.quotations.heading')} error={error}>
      {r.quotations.length === 0 ? (
        <Typography color="text.secondary">{t('procurement.quotations.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {r.quotations.map((q) => (
            <li key={q.supplierId}>
              {`${q.supplier} · ${q.amount === null ? t('procurement.quotations.noQuote') : formatPlanPeso(q.amount)}`}
              {q.responsive ? '' : ` · ${t('procurement.quotations.notResponsive')}`}
              {q.lowest ? (
                <Chip
                  size="small"
                  color="success"
                  label={t('procurement.quotations.lowest')}
                  sx={{ ml: 1 }}
                />
              ) : null}
            </li>
          ))}
        </Box>
      )}
      {canEdit ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {list.length < 3 ? (
            <Alert severity="info">{t('procurement.quotations.needSuppliers')}</Alert>
          ) : null}
          {rows.map((row, index) => (
            <Box
              key={index}
              sx={{
                display: 'grid',
                gap: 1,
                alignItems: 'center',
                gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr auto' },
              }}
            >
              <TextField
                select
                size="small"
                label={t('procurement.quotations.supplier', { n: String(index + 1) })}
                value={row.supplierId}
                onChange={(e) => change(index, { supplierId: e.target.value })}
                sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
              >
                {list.map((s) => (
                  <MenuItem key={s.id} value={String(s.id)}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('procurement.quotations.amount', { n: String(index + 1) })}
                value={row.amount}
                onChange={(e) => change(index, { amount: e.target.value })}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={row.responsive}
                    onChange={(e) => change(index, { responsive: e.target.checked })}
                    slotProps={{
                      input: {
                        'aria-label': t('procurement.quotations.responsiveOf', {
                          n: String(index + 1),
                        }),
                      },
                    }}
                  />
                }
                label={t('procurement.quotations.responsive')}
              />
            </Box>
          ))}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              onClick={() => setRows([...rows, { supplierId: '', amount: '', responsive: true }])}
            >
              {t('procurement.quotations.addRow')}
            </Button>
            <Button variant="contained" disabled={save.isPending} onClick={submit}>
              {t('procurement.quotations.save')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Step>
  );
}

/** The abstract of quotations: the award to the lowest, another only with a justification. */
export function AbstractStep({
  request: r,
  canEdit,
}: {
  request: PurchaseRequest;
  canEdit: boolean;
}) {
  const t = useT();
  const save = useSaveAbstract();
  const [error, setError] = useState<string | null>(null);
  const run = useStepRun(setError);
  const quoted = r.quotations.filter((q) => q.amount !== null && q.responsive);
  const lowest = r.quotations.find((q) => q.lowest);
  const [supplierId, setSupplierId] = useState(
    String(r.award?.supplierId ?? lowest?.supplierId ?? ''),
  );
  const [justification, setJustification] = useState(r.award?.justification ?? '');
  const notLowest = supplierId !== '' && supplierId !== String(lowest?.supplierId ?? '');
  const submit = () => {
    save.mutate(
      {
        id: r.id,
        awardSupplierId: Number(supplierId),
        justification: notLowest && justification.trim() ? justification.trim() : undefined,
      },
      run('procurement.abstract.saved'),
    );
  };
  return (
    <Step name="abstract" title={t('procurement.abstract.heading')} error={error}>
      {r.award ? (
        <Typography>
          {t('procurement.abstract.award', {
            supplier: r.award.supplier,
            amount: formatPlanPeso(r.award.amount),
            date: dayText(r.award.abstractOn),
          })}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('procurement.abstract.none')}</Typography>
      )}
      {r.award?.justification ? (
        <Typography variant="body2">
          {t('procurement.abstract.justified', { text: r.award.justification })}
        </Typography>
      ) : null}
      {canEdit ? (
        <Box sx={grid}>
          <TextField
            select
            size="small"
            label={t('procurement.abstract.supplier')}
            value={supplierId}
            onChange={(e) => setSupplierId(e.target.value)}
          >
            {quoted.map((q) => (
              <MenuItem key={q.supplierId} value={String(q.supplierId)}>
                {`${q.supplier} · ${formatPlanPeso(q.amount ?? 0)}${q.lowest ? ` · ${t('procurement.quotations.lowest')}` : ''}`}
              </MenuItem>
            ))}
          </TextField>
          {notLowest ? (
            <TextField
              size="small"
              multiline
              label={t('procurement.abstract.justification')}
              helperText={t('procurement.abstract.justificationHelp')}
              value={justification}
              onChange={(e) => setJustification(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          ) : null}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button
              variant="contained"
              disabled={save.isPending || supplierId === ''}
              onClick={submit}
            >
              {t('procurement.abstract.save')}
            </Button>
          </Box>
        </Box>
      ) : null}
    </Step>
  );
}

/** A number and a date, the form of the resolution and of the purchase order. */
function NumberDateForm({
  numberLabel,
  dateLabel,
  submitLabel,
  busy,
  onSubmit,
}: {
  numberLabel: string;
  dateLabel: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (number: string, date: string) => void;
}) {
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(manilaToday());
  return (
    <Box sx={grid}>
      <TextField
        size="small"
        required
        label={numberLabel}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        slotProps={{ htmlInput: { maxLength: 40 } }}
      />
      <TextField
        size="small"
        required
        type="date"
        label={dateLabel}
        value={date}
        onChange={(e) => setDate(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button
          variant="contained"
          disabled={busy || !number.trim()}
          onClick={() => onSubmit(number.trim(), date)}
        >
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}

/** The BAC resolution recommending the mode and the award. */
export function ResolutionStep({
  request: r,
  canEdit,
}: {
  request: PurchaseRequest;
  canEdit: boolean;
}) {
  const t = useT();
  const save = useSaveResolution();
  const [error, setError] = useState<string | null>(null);
  const run = useStepRun(setError);
  return (
    <Step name="resolution" title={t('procurement.resolution.heading')} error={error}>
      {r.resolution ? (
        <Typography>
          {t('procurement.resolution.done', {
            number: r.resolution.number,
            date: dayText(r.resolution.date),
            mode: r.resolution.mode === 'svp' ? t('procurement.resolution.svp') : r.resolution.mode,
          })}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('procurement.resolution.none')}</Typography>
      )}
      {canEdit ? (
        <NumberDateForm
          numberLabel={t('procurement.resolution.number')}
          dateLabel={t('procurement.resolution.date')}
          submitLabel={t('procurement.resolution.save')}
          busy={save.isPending}
          onSubmit={(number, date) =>
            save.mutate({ id: r.id, number, date }, run('procurement.resolution.saved'))
          }
        />
      ) : null}
    </Step>
  );
}

/** The purchase order the chairperson approves as Head of the Procuring Entity. */
export function OrderStep({
  request: r,
  canApprove,
}: {
  request: PurchaseRequest;
  canApprove: boolean;
}) {
  const t = useT();
  const approve = useApproveOrder();
  const [error, setError] = useState<string | null>(null);
  const run = useStepRun(setError);
  return (
    <Step name="order" title={t('procurement.order.heading')} error={error}>
      {r.order ? (
        <Typography>
          {t('procurement.order.done', {
            number: r.order.number,
            date: dayText(r.order.orderedOn),
            amount: formatPlanPeso(r.order.amount),
          })}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('procurement.order.none')}</Typography>
      )}
      {canApprove && !r.order ? (
        <NumberDateForm
          numberLabel={t('procurement.order.number')}
          dateLabel={t('procurement.order.date')}
          submitLabel={t('procurement.order.approve')}
          busy={approve.isPending}
          onSubmit={(number, date) =>
            approve.mutate({ requestId: r.id, number, date }, run('procurement.order.saved'))
          }
        />
      ) : null}
    </Step>
  );
}
