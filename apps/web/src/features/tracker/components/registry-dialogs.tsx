import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPlanPeso,
  type Commitment,
  type CommitmentInput,
  type DisbursementInput,
  type RegistryLine,
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

type Setter<V> = (key: keyof V) => (event: { target: { value: string } }) => void;

function useValues<V extends Record<string, string>>(initial: V): [V, Setter<V>] {
  const [values, setValues] = useState<V>(initial);
  const set: Setter<V> = (key) => (event) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));
  return [values, set];
}

/** Records a commitment (a purchase order, a contract) against a line's MOOE or CO. */
export function CommitmentDialog({
  line,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  line: RegistryLine;
  busy: boolean;
  error: string | null;
  onSubmit: (body: CommitmentInput) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [values, set] = useValues({
    date: manilaToday(),
    amount: '',
    reference: '',
    payee: '',
    particulars: '',
  });
  // The line's objects of the class; one object is the only choice.
  const objects = line.objects.filter((o) => o.appropriated > 0);
  const [objectCode, setObjectCode] = useState(
    objects.length === 1 ? (objects[0]?.code ?? '') : '',
  );
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const amount = parseAmount(values.amount);
    const found = moneyFormProblem(values.date, values.amount, [
      [values.reference, 'tracker.registry.referenceRequired'],
      [values.payee, 'tracker.registry.payeeRequired'],
    ]);
    setProblem(found === null ? null : t(found));
    if (found || amount === null) {
      return;
    }
    onSubmit({
      date: values.date,
      amount,
      expenseClass: line.expenseClass,
      reference: values.reference.trim(),
      payee: values.payee.trim(),
      particulars: values.particulars,
      objectCode: objectCode === '' ? null : objectCode,
    });
  };
  return (
    <FormDialog
      open
      title={t('tracker.registry.commitTitle', { line: line.ppa, class: line.expenseClass })}
      submitLabel={t('tracker.registry.commitSave')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('tracker.registry.commitHelp', { available: formatPlanPeso(line.unobligated) })}
      </Typography>
      <DateAmountFields
        dateLabel={t('tracker.registry.field.commitDate')}
        date={values.date}
        amount={values.amount}
        onDate={set('date')}
        onAmount={set('amount')}
      />
      {objects.length > 1 && (
        <TextField
          select
          label={t('tracker.books.field.object')}
          value={objectCode}
          onChange={(event) => setObjectCode(event.target.value)}
          helperText={t('tracker.registry.field.objectHelp')}
        >
          <MenuItem value="">{t('tracker.registry.field.objectAny')}</MenuItem>
          {objects.map((o) => (
            <MenuItem key={o.code} value={o.code}>
              {t('tracker.registry.field.objectLeft', {
                code: o.code,
                name: o.name,
                left: formatPlanPeso(o.unobligated),
              })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <LineField
        label={t('tracker.registry.field.commitReference')}
        required
        helperText={t('tracker.registry.field.commitReferenceHelp')}
        value={values.reference}
        onChange={set('reference')}
        maxLength={100}
      />
      <LineField
        label={t('tracker.registry.field.payee')}
        required
        value={values.payee}
        onChange={set('payee')}
        maxLength={200}
      />
      <NoteField
        label={t('tracker.registry.field.particulars')}
        value={values.particulars}
        onChange={set('particulars')}
      />
    </FormDialog>
  );
}

/** Records a payment (a cheque, an ADA) against a commitment, at most what is unpaid of it. */
export function PaymentDialog({
  commitment,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  commitment: Commitment;
  busy: boolean;
  error: string | null;
  onSubmit: (body: DisbursementInput) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [values, set] = useValues({
    date: manilaToday(),
    amount: commitment.unpaid.toFixed(2),
    reference: '',
    note: '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const amount = parseAmount(values.amount);
    const found = moneyFormProblem(values.date, values.amount, [
      [values.reference, 'tracker.disbursement.referenceRequired'],
    ]);
    setProblem(found === null ? null : t(found));
    if (found || amount === null) {
      return;
    }
    onSubmit({
      date: values.date,
      amount,
      expenseClass: commitment.expenseClass,
      reference: values.reference.trim(),
      note: values.note,
      commitmentId: commitment.id,
    });
  };
  return (
    <FormDialog
      open
      title={t('tracker.registry.payTitle', { reference: commitment.reference })}
      submitLabel={t('tracker.registry.paySave')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('tracker.registry.payHelp', {
          payee: commitment.payee,
          unpaid: formatPlanPeso(commitment.unpaid),
        })}
      </Typography>
      <DateAmountFields
        dateLabel={t('tracker.registry.field.payDate')}
        date={values.date}
        amount={values.amount}
        onDate={set('date')}
        onAmount={set('amount')}
      />
      <LineField
        label={t('tracker.registry.field.payReference')}
        required
        value={values.reference}
        onChange={set('reference')}
        maxLength={100}
      />
      <NoteField label={t('tracker.field.note')} value={values.note} onChange={set('note')} />
    </FormDialog>
  );
}
