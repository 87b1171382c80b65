import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  EXPENSE_CLASSES,
  formatPlanPeso,
  type Disbursement,
  type DisbursementInput,
  type ExpenseClass,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { manilaToday } from '../lib/dates.ts';
import { FormDialog } from './form-dialog.tsx';

export const EXPENSE_CLASS_NAMES: Record<ExpenseClass, string> = {
  PS: 'Personal services (PS)',
  MOOE: 'Maintenance and other operating expenses (MOOE)',
  CO: 'Capital outlay (CO)',
};

interface Values {
  date: string;
  amount: string;
  expenseClass: ExpenseClass;
  reference: string;
  note: string;
}

/** The class with money left (the largest balance), for a new disbursement. */
function likelyClass(item: TrackerItem): ExpenseClass {
  const balance = (c: ExpenseClass) => item.appropriatedByClass[c] - item.disbursedByClass[c];
  return [...EXPENSE_CLASSES].sort((a, b) => balance(b) - balance(a))[0] ?? 'MOOE';
}

/** Pesos as typed ('1,234.50'), or null when not a positive amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[₱,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) {
    return null;
  }
  const value = Number(cleaned);
  return value > 0 ? value : null;
}

function problemOf(values: Values): string | null {
  if (values.date === '') {
    return 'Date is required';
  }
  if (parseAmount(values.amount) === null) {
    return 'Amount must be more than 0, in pesos with at most two decimals (centavos)';
  }
  if (values.reference.trim() === '') {
    return 'Reference (cheque or voucher number) is required';
  }
  return null;
}

/**
 * Records or edits a disbursement. The server refuses one that would take the line past its
 * appropriation for the class; its message (with the amounts) is shown in the dialog as given.
 */
export function DisbursementDialog({
  item,
  disbursement,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  item: TrackerItem;
  /** The disbursement edited, or null for a new one. */
  disbursement: Disbursement | null;
  busy: boolean;
  /** The server's refusal, shown as given. */
  error: string | null;
  onSubmit: (body: DisbursementInput) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Values>(() =>
    disbursement
      ? {
          date: disbursement.date,
          amount: disbursement.amount.toFixed(2),
          expenseClass: disbursement.expenseClass,
          reference: disbursement.reference,
          note: disbursement.note,
        }
      : {
          date: manilaToday(),
          amount: '',
          expenseClass: likelyClass(item),
          reference: '',
          note: '',
        },
  );
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const found = problemOf(values);
    setProblem(found);
    const amount = parseAmount(values.amount);
    if (found || amount === null) {
      return;
    }
    onSubmit({
      date: values.date,
      amount,
      expenseClass: values.expenseClass,
      reference: values.reference.trim(),
      note: values.note,
    });
  };

  const set = (key: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  const left = (c: ExpenseClass) => item.appropriatedByClass[c] - item.disbursedByClass[c];

  return (
    <FormDialog
      open
      title={disbursement ? 'Edit disbursement' : 'Record a disbursement'}
      submitLabel="Save disbursement"
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          type="date"
          label="Date"
          required
          value={values.date}
          onChange={set('date')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Amount (PHP)"
          required
          value={values.amount}
          onChange={set('amount')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <TextField
        select
        label="Class"
        value={values.expenseClass}
        onChange={set('expenseClass')}
        helperText={`Appropriated ${formatPlanPeso(item.appropriatedByClass[values.expenseClass])}, ${formatPlanPeso(left(values.expenseClass))} left`}
      >
        {EXPENSE_CLASSES.map((c) => (
          <MenuItem key={c} value={c}>
            {EXPENSE_CLASS_NAMES[c]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Reference"
        required
        helperText="Cheque, voucher or official receipt number"
        value={values.reference}
        onChange={set('reference')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label="Note"
        multiline
        minRows={2}
        value={values.note}
        onChange={set('note')}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
