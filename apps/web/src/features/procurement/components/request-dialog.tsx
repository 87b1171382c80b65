import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import {
  OBJECTS_OF_EXPENDITURE,
  formatPlanPeso,
  type RequestInput,
  type RequestLine,
} from '@sk-tanaw/contract';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { parseAmount } from '../../tracker/components/money-fields.tsx';

type ProcuredClass = 'MOOE' | 'CO';

interface ItemRow {
  description: string;
  quantity: string;
  unit: string;
  unitCost: string;
  objectCode: string;
}

const objectsOf = (expenseClass: ProcuredClass) =>
  OBJECTS_OF_EXPENDITURE.filter((o) => o.expenseClass === expenseClass);

const emptyItem = (expenseClass: ProcuredClass): ItemRow => ({
  description: '',
  quantity: '1',
  unit: '',
  unitCost: '',
  objectCode: objectsOf(expenseClass)[0]?.code ?? '',
});

/** Whole pieces (at least one), or null. */
const parseQuantity = (text: string): number | null =>
  /^\d+$/.test(text.trim()) && Number(text) >= 1 ? Number(text) : null;

/**
 * A new purchase request from a line of the year's operative plan: the expense class (personal
 * services are not procured), then the items, each charged to an object of expenditure of that
 * class. The line's available balance in the class is shown and the total checked against it;
 * the server decides (ABOVE_AVAILABLE_BALANCE) and its refusal is shown here.
 */
export function RequestDialog({
  year,
  lines,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  year: number;
  lines: RequestLine[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSubmit: (body: RequestInput) => void;
}) {
  const t = useT();
  // The first line with MOOE left to request from (most requests are MOOE).
  const [lineRef, setLineRef] = useState(
    (lines.find((l) => l.available.MOOE > 0) ?? lines[0])?.referenceCode ?? '',
  );
  const [expenseClass, setExpenseClass] = useState<ProcuredClass>('MOOE');
  const [purpose, setPurpose] = useState('');
  const [items, setItems] = useState<ItemRow[]>([emptyItem('MOOE')]);
  const [problem, setProblem] = useState<string | null>(null);
  const line = lines.find((l) => l.referenceCode === lineRef);
  const available = line ? line.available[expenseClass] : 0;
  const amounts = items.map((i) => {
    const q = parseQuantity(i.quantity);
    const c = parseAmount(i.unitCost);
    return q !== null && c !== null ? Math.round(q * c * 100) / 100 : null;
  });
  const total = amounts.reduce<number>((sum, a) => sum + (a ?? 0), 0);
  const over = line !== undefined && total > available;
  const change = (index: number, patch: Partial<ItemRow>) =>
    setItems(items.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const chooseClass = (value: ProcuredClass) => {
    setExpenseClass(value);
    setItems(items.map((row) => ({ ...row, objectCode: objectsOf(value)[0]?.code ?? '' })));
  };
  const submit = () => {
    const complete = items.every(
      (i, k) => i.description.trim() && i.unit.trim() && amounts[k] !== null && i.objectCode,
    );
    if (!line || !complete) {
      setProblem(t('procurement.request.incomplete'));
      return;
    }
    setProblem(null);
    onSubmit({
      lineRef,
      year,
      purpose: purpose.trim() || undefined,
      items: items.map((i) => ({
        description: i.description.trim(),
        quantity: parseQuantity(i.quantity) ?? 1,
        unit: i.unit.trim(),
        unitCost: parseAmount(i.unitCost) ?? 0,
        objectCode: i.objectCode,
      })),
    });
  };
  return (
    <FormDialog
      open
      title={t('procurement.request.title', { year: String(year) })}
      submitLabel={t('procurement.request.submit')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        required
        label={t('procurement.request.field.line')}
        value={lineRef}
        onChange={(e) => setLineRef(e.target.value)}
      >
        {lines.map((l) => (
          <MenuItem key={l.referenceCode} value={l.referenceCode}>
            {`${l.referenceCode} · ${l.ppa} (MOOE ${formatPlanPeso(l.available.MOOE)}, CO ${formatPlanPeso(l.available.CO)})`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t('procurement.request.field.class')}
        value={expenseClass}
        onChange={(e) => chooseClass(e.target.value as ProcuredClass)}
        helperText={
          line
            ? t('procurement.request.available', { amount: formatPlanPeso(available) })
            : undefined
        }
      >
        <MenuItem value="MOOE">{t('procurement.class.MOOE')}</MenuItem>
        <MenuItem value="CO">{t('procurement.class.CO')}</MenuItem>
      </TextField>
      <TextField
        label={t('procurement.request.field.purpose')}
        value={purpose}
        onChange={(e) => setPurpose(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {items.map((row, index) => (
        <Box
          key={index}
          component="fieldset"
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1.5,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
          }}
        >
          <Box component="legend" sx={{ px: 0.5, fontSize: 14 }}>
            {t('procurement.request.item', { n: String(index + 1) })}
          </Box>
          <TextField
            required
            size="small"
            label={t('procurement.request.field.description')}
            value={row.description}
            onChange={(e) => change(index, { description: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            sx={{ gridColumn: '1 / -1' }}
          />
          <TextField
            required
            size="small"
            label={t('procurement.request.field.quantity')}
            value={row.quantity}
            onChange={(e) => change(index, { quantity: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            required
            size="small"
            label={t('procurement.request.field.unit')}
            value={row.unit}
            onChange={(e) => change(index, { unit: e.target.value })}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <TextField
            required
            size="small"
            label={t('procurement.request.field.unitCost')}
            value={row.unitCost}
            onChange={(e) => change(index, { unitCost: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            select
            required
            size="small"
            label={t('procurement.request.field.object')}
            value={row.objectCode}
            onChange={(e) => change(index, { objectCode: e.target.value })}
            sx={{ gridColumn: '1 / -1' }}
          >
            {objectsOf(expenseClass).map((o) => (
              <MenuItem key={o.code} value={o.code}>
                {`${o.code} ${o.name}`}
              </MenuItem>
            ))}
          </TextField>
          <Box
            sx={{
              gridColumn: '1 / -1',
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
            }}
          >
            <Typography variant="body2">
              {t('procurement.request.amount', {
                amount: amounts[index] === null ? '—' : formatPlanPeso(amounts[index] ?? 0),
              })}
            </Typography>
            {items.length > 1 ? (
              <IconButton
                size="small"
                aria-label={t('procurement.request.removeItem', { n: String(index + 1) })}
                onClick={() => setItems(items.filter((_r, i) => i !== index))}
              >
                <Delete fontSize="small" />
              </IconButton>
            ) : null}
          </Box>
        </Box>
      ))}
      <Box>
        <Button
          startIcon={<Add />}
          disabled={items.length >= 50}
          onClick={() => setItems([...items, emptyItem(expenseClass)])}
        >
          {t('procurement.request.addItem')}
        </Button>
      </Box>
      <Typography sx={{ fontWeight: 700 }}>
        {t('procurement.request.total', { amount: formatPlanPeso(total) })}
      </Typography>
      {over ? (
        <Alert severity="warning" role="status">
          {t('procurement.request.over', {
            total: formatPlanPeso(total),
            available: formatPlanPeso(available),
          })}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
