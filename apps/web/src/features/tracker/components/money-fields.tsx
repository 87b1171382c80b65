import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useT } from '../../../i18n/index.ts';

/** Pesos as typed ('1,234.50'), or null when not a positive amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[₱,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) {
    return null;
  }
  const value = Number(cleaned);
  return value > 0 ? value : null;
}

/** A change handler of one text value of a form. */
export type FieldChange = (event: { target: { value: string } }) => void;

/**
 * The date and amount side by side that every money form of the tracker starts with
 * (disbursement, commitment, payment); one above the other on a phone. The amount asks the
 * phone for its number pad with a decimal point.
 */
export function DateAmountFields({
  dateLabel,
  date,
  amount,
  onDate,
  onAmount,
}: {
  dateLabel: string;
  date: string;
  amount: string;
  onDate: FieldChange;
  onAmount: FieldChange;
}) {
  const t = useT();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        type="date"
        label={dateLabel}
        required
        value={date}
        onChange={onDate}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('tracker.disbursement.field.amount')}
        required
        value={amount}
        onChange={onAmount}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </Box>
  );
}

/** A one-line text field with the limit the server's schema sets. */
export function LineField({
  label,
  value,
  onChange,
  maxLength,
  required = false,
  helperText,
}: {
  label: string;
  value: string;
  onChange: FieldChange;
  maxLength: number;
  required?: boolean;
  helperText?: string;
}) {
  return (
    <TextField
      label={label}
      required={required}
      helperText={helperText}
      value={value}
      onChange={onChange}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}

/** A free-text note of up to 1,000 characters (the schemas' limit). */
export function NoteField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: FieldChange;
}) {
  return (
    <TextField
      label={label}
      multiline
      minRows={2}
      value={value}
      onChange={onChange}
      slotProps={{ htmlInput: { maxLength: 1000 } }}
    />
  );
}

/**
 * The key of the first thing wrong with a money form before saving, or null: a date, a valid
 * amount, then each required text in order (value and the key of its message).
 */
export function moneyFormProblem(
  date: string,
  amount: string,
  required: readonly (readonly [value: string, messageKey: string])[],
): string | null {
  if (date === '') {
    return 'tracker.disbursement.dateRequired';
  }
  if (parseAmount(amount) === null) {
    return 'tracker.disbursement.amountInvalid';
  }
  const missing = required.find(([value]) => value.trim() === '');
  return missing ? missing[1] : null;
}
