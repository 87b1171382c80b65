import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  OBJECTS_OF_EXPENDITURE,
  formatPlanPeso,
  type OpenCommitment,
  type Voucher,
  type VoucherInput,
  type VoucherPayment,
} from '@sk-tanaw/contract';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useT } from '../../../i18n/index.ts';
import { LineField, NoteField, parseAmount } from '../../tracker/components/money-fields.tsx';
import { manilaToday } from '../../tracker/lib/dates.ts';
import { useFunds } from '../cash-api.ts';

interface DialogProps<B> {
  busy: boolean;
  error: string | null;
  onSubmit: (body: B) => void;
  onClose: () => void;
}

/** A draft voucher of an open commitment: its payee and particulars to start from. */
export function VoucherDialog({
  commitments,
  busy,
  error,
  onSubmit,
  onClose,
}: DialogProps<VoucherInput> & { commitments: OpenCommitment[] }) {
  const t = useT();
  const first = commitments[0];
  const [commitmentId, setCommitmentId] = useState(first ? String(first.id) : '');
  const chosen = commitments.find((c) => String(c.id) === commitmentId);
  const objects = OBJECTS_OF_EXPENDITURE.filter(
    (o) => o.expenseClass === (chosen?.expenseClass ?? 'MOOE'),
  );
  // The object the commitment obligated: the server charges the voucher there.
  const objectOf = (c: OpenCommitment | undefined) =>
    c?.objectCode ?? OBJECTS_OF_EXPENDITURE.find((o) => o.expenseClass === c?.expenseClass)?.code;
  const [objectCode, setObjectCode] = useState(objectOf(first) ?? objects[0]?.code ?? '');
  const [amount, setAmount] = useState(first ? first.unvouchered.toFixed(2) : '');
  const [payee, setPayee] = useState(first?.payee ?? '');
  const [payeeTin, setPayeeTin] = useState('');
  const [payeeAddress, setPayeeAddress] = useState('');
  const [particulars, setParticulars] = useState(first?.particulars ?? '');
  const [fund, setFund] = useState('');
  const funds = useFunds().data?.funds ?? [];
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (id: string) => {
    const c = commitments.find((k) => String(k.id) === id);
    setCommitmentId(id);
    if (c) {
      setAmount(c.unvouchered.toFixed(2));
      setPayee(c.payee);
      setParticulars(c.particulars);
      setObjectCode(objectOf(c) ?? '');
    }
  };
  const submit = () => {
    const value = parseAmount(amount);
    if (!chosen || value === null || payee.trim() === '' || particulars.trim() === '') {
      setProblem(t('tracker.books.form.incomplete'));
      return;
    }
    setProblem(null);
    onSubmit({
      commitmentId: chosen.id,
      objectCode,
      amount: value,
      payee: payee.trim(),
      payeeTin: payeeTin.trim(),
      payeeAddress: payeeAddress.trim(),
      particulars: particulars.trim(),
      fundId: fund ? Number(fund) : null,
    });
  };
  return (
    <FormDialog
      open
      title={t('tracker.books.form.newTitle')}
      submitLabel={t('tracker.books.form.saveDraft')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        select
        required
        label={t('tracker.books.field.commitment')}
        value={commitmentId}
        onChange={(event) => choose(event.target.value)}
        helperText={
          chosen
            ? t('tracker.books.field.commitmentHelp', {
                left: formatPlanPeso(chosen.unvouchered),
              })
            : undefined
        }
      >
        {commitments.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {`${c.reference} · ${c.ppa} (${c.expenseClass}) · ${formatPlanPeso(c.unvouchered)}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        required
        label={t('tracker.books.field.object')}
        value={objectCode}
        onChange={(event) => setObjectCode(event.target.value)}
      >
        {objects.map((o) => (
          <MenuItem key={o.code} value={o.code}>
            {`${o.code} ${o.name}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('tracker.books.field.amount')}
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <LineField
        label={t('tracker.books.field.payee')}
        required
        value={payee}
        onChange={(event) => setPayee(event.target.value)}
        maxLength={200}
      />
      <LineField
        label={t('tracker.books.field.tin')}
        value={payeeTin}
        onChange={(event) => setPayeeTin(event.target.value)}
        maxLength={20}
      />
      <LineField
        label={t('tracker.books.field.address')}
        value={payeeAddress}
        onChange={(event) => setPayeeAddress(event.target.value)}
        maxLength={300}
      />
      <NoteField
        label={t('tracker.books.field.particulars')}
        value={particulars}
        onChange={(event) => setParticulars(event.target.value)}
      />
      {funds.length > 0 ? (
        <TextField
          select
          label={t('tracker.books.form.fund')}
          value={fund}
          onChange={(event) => setFund(event.target.value)}
        >
          <MenuItem value="">{t('tracker.cash.funds.ownFund')}</MenuItem>
          {funds.map((f) => (
            <MenuItem key={f.id} value={String(f.id)}>
              {`${f.name} · ${formatPlanPeso(f.uncommitted)}`}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </FormDialog>
  );
}

/** The treasurer pays an approved voucher: by check (number, bank) or advice to debit account. */
export function PayDialog({
  voucher,
  busy,
  error,
  onSubmit,
  onClose,
}: DialogProps<VoucherPayment> & { voucher: Voucher }) {
  const t = useT();
  const [mode, setMode] = useState<'check' | 'ada'>('check');
  const [date, setDate] = useState(manilaToday());
  const [checkNumber, setCheckNumber] = useState('');
  const [bank, setBank] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (mode === 'check' && (checkNumber.trim() === '' || bank.trim() === '')) {
      setProblem(t('tracker.books.form.checkRequired'));
      return;
    }
    setProblem(null);
    onSubmit({ mode, date, checkNumber: checkNumber.trim(), bank: bank.trim() });
  };
  return (
    <FormDialog
      open
      title={t('tracker.books.form.payTitle', { number: voucher.number ?? '' })}
      submitLabel={t('tracker.books.action.pay')}
      busy={busy}
      error={problem ?? error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t('tracker.books.form.payHelp', {
          amount: formatPlanPeso(voucher.amount),
          payee: voucher.payee,
        })}
      </Typography>
      <TextField
        select
        label={t('tracker.books.field.mode')}
        value={mode}
        onChange={(event) => setMode(event.target.value === 'ada' ? 'ada' : 'check')}
      >
        <MenuItem value="check">{t('tracker.books.mode.check')}</MenuItem>
        <MenuItem value="ada">{t('tracker.books.mode.ada')}</MenuItem>
      </TextField>
      <TextField
        type="date"
        required
        label={t('tracker.books.field.payDate')}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <LineField
        label={t('tracker.books.field.checkNumber')}
        required={mode === 'check'}
        value={checkNumber}
        onChange={(event) => setCheckNumber(event.target.value)}
        maxLength={40}
      />
      <LineField
        label={t('tracker.books.field.bank')}
        required={mode === 'check'}
        value={bank}
        onChange={(event) => setBank(event.target.value)}
        maxLength={100}
      />
    </FormDialog>
  );
}

/** Cancels an unpaid voucher or reverses a paid one, with the reason. */
export function ReverseDialog({
  voucher,
  busy,
  error,
  onSubmit,
  onClose,
}: DialogProps<string> & { voucher: Voucher }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const paid = voucher.state === 'paid';
  return (
    <FormDialog
      open
      title={t(paid ? 'tracker.books.form.reverseTitle' : 'tracker.books.form.cancelTitle', {
        number: voucher.number ?? '',
      })}
      submitLabel={t(paid ? 'tracker.books.action.reverse' : 'tracker.books.action.cancel')}
      busy={busy}
      error={error}
      onSubmit={() => {
        if (reason.trim() !== '') {
          onSubmit(reason.trim());
        }
      }}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary">
        {t(paid ? 'tracker.books.form.reverseHelp' : 'tracker.books.form.cancelHelp')}
      </Typography>
      <LineField
        label={t('tracker.books.field.reason')}
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={500}
      />
    </FormDialog>
  );
}
