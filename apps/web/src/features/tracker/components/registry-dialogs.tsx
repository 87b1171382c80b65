import { useState } from 'react';
import Box from '@mui/material/Box';
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
import { parseAmount } from './disbursement-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';

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
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const amount = parseAmount(values.amount);
    const found =
      values.date === ''
        ? 'tracker.disbursement.dateRequired'
        : amount === null
          ? 'tracker.disbursement.amountInvalid'
          : values.reference.trim() === ''
            ? 'tracker.registry.referenceRequired'
            : values.payee.trim() === ''
              ? 'tracker.registry.payeeRequired'
              : null;
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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          type="date"
          label={t('tracker.registry.field.commitDate')}
          required
          value={values.date}
          onChange={set('date')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('tracker.disbursement.field.amount')}
          required
          value={values.amount}
          onChange={set('amount')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <TextField
        label={t('tracker.registry.field.commitReference')}
        required
        helperText={t('tracker.registry.field.commitReferenceHelp')}
        value={values.reference}
        onChange={set('reference')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label={t('tracker.registry.field.payee')}
        required
        value={values.payee}
        onChange={set('payee')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        label={t('tracker.registry.field.particulars')}
        multiline
        minRows={2}
        value={values.particulars}
        onChange={set('particulars')}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
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
    const found =
      values.date === ''
        ? 'tracker.disbursement.dateRequired'
        : amount === null
          ? 'tracker.disbursement.amountInvalid'
          : values.reference.trim() === ''
            ? 'tracker.disbursement.referenceRequired'
            : null;
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
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <TextField
          type="date"
          label={t('tracker.registry.field.payDate')}
          required
          value={values.date}
          onChange={set('date')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label={t('tracker.disbursement.field.amount')}
          required
          value={values.amount}
          onChange={set('amount')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Box>
      <TextField
        label={t('tracker.registry.field.payReference')}
        required
        value={values.reference}
        onChange={set('reference')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        label={t('tracker.field.note')}
        multiline
        minRows={2}
        value={values.note}
        onChange={set('note')}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
