import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPENSE_CLASSES,
  formatPlanPeso,
  type Disbursement,
  type DisbursementInput,
  type ExpenseClass,
  type TrackerItem,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { manilaToday } from '../lib/dates.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';
import {
  DateAmountFields,
  LineField,
  NoteField,
  moneyFormProblem,
  parseAmount,
} from './money-fields.tsx';

export const EXPENSE_CLASS_NAMES: Record<ExpenseClass, { nameKey: string }> = {
  PS: { nameKey: 'tracker.class.PS' },
  MOOE: { nameKey: 'tracker.class.MOOE' },
  CO: { nameKey: 'tracker.class.CO' },
};

interface Values {
  date: string;
  amount: string;
  expenseClass: ExpenseClass;
  reference: string;
  note: string;
}

/** The classes an item is paid in: honoraria only as personal services. */
const classesOf = (item: TrackerItem): readonly ExpenseClass[] =>
  item.honorariaPosition === null ? EXPENSE_CLASSES : ['PS'];

/** The class with money left (the largest balance), for a new disbursement. */
function likelyClass(item: TrackerItem): ExpenseClass {
  const balance = (c: ExpenseClass) => item.appropriatedByClass[c] - item.disbursedByClass[c];
  return [...classesOf(item)].sort((a, b) => balance(b) - balance(a))[0] ?? 'MOOE';
}

/**
 * Records or edits a disbursement. The server refuses one that would take the line past its
 * appropriation for the class; its message (with the amounts) is shown in the dialog as given.
 * For an honoraria item (a payment of an official's honoraria) the class is PS and the note
 * asks for the month or period the payroll pays.
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
  const t = useT();
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
    const found = moneyFormProblem(values.date, values.amount, [
      [values.reference, 'tracker.disbursement.referenceRequired'],
    ]);
    setProblem(found === null ? null : t(found));
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

  // Vouchers on their way to payment hold their amount too: the server refuses past what is left.
  const held = (c: ExpenseClass) => item.heldByClass?.[c] ?? 0;
  const left = (c: ExpenseClass) =>
    item.appropriatedByClass[c] - item.disbursedByClass[c] - held(c);
  const honoraria = item.honorariaPosition !== null;

  return (
    <FormDialog
      open
      title={disbursement ? t('tracker.disbursement.editTitle') : t('tracker.disbursement.add')}
      submitLabel={t('tracker.disbursement.save')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      {honoraria ? (
        <Typography variant="body2" color="text.secondary">
          {t('tracker.disbursement.honorariaHelp')}
        </Typography>
      ) : null}
      <DateAmountFields
        dateLabel={t('tracker.disbursement.field.date')}
        date={values.date}
        amount={values.amount}
        onDate={set('date')}
        onAmount={set('amount')}
      />
      <TextField
        select
        label={t('tracker.disbursement.field.class')}
        value={values.expenseClass}
        onChange={set('expenseClass')}
        helperText={
          held(values.expenseClass) > 0
            ? t('tracker.disbursement.classHelpHeld', {
                appropriated: formatPlanPeso(item.appropriatedByClass[values.expenseClass]),
                left: formatPlanPeso(left(values.expenseClass)),
                held: formatPlanPeso(held(values.expenseClass)),
              })
            : t('tracker.disbursement.classHelp', {
                appropriated: formatPlanPeso(item.appropriatedByClass[values.expenseClass]),
                left: formatPlanPeso(left(values.expenseClass)),
              })
        }
      >
        {classesOf(item).map((c) => (
          <MenuItem key={c} value={c}>
            {t(EXPENSE_CLASS_NAMES[c].nameKey)}
          </MenuItem>
        ))}
      </TextField>
      <LineField
        label={t('tracker.disbursement.field.reference')}
        required
        helperText={t('tracker.disbursement.field.referenceHelp')}
        value={values.reference}
        onChange={set('reference')}
        maxLength={100}
      />
      <NoteField
        label={t(honoraria ? 'tracker.disbursement.field.period' : 'tracker.field.note')}
        value={values.note}
        onChange={set('note')}
      />
    </FormDialog>
  );
}
