import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CASH_ENTRY_KINDS, type CashEntryKind } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useAddEntry, useFunds } from '../cash-api.ts';

export const kindKey = (kind: CashEntryKind) => `tracker.cash.kind.${kind}`;

/** The treasurer records an entry: the server checks the day, the amount and the cash on hand. */
export function EntryForm({ today }: { today: string }) {
  const t = useT();
  const add = useAddEntry();
  const [kind, setKind] = useState<CashEntryKind>('transfer');
  const [date, setDate] = useState(today);
  const [reference, setReference] = useState('');
  const [party, setParty] = useState('');
  const [particulars, setParticulars] = useState('');
  const [amount, setAmount] = useState('');
  const [allotment, setAllotment] = useState('');
  const [fund, setFund] = useState('');
  const [error, setError] = useState<string | null>(null);
  const funds = useFunds().data?.funds ?? [];
  // Only a collection or a bank credit is received into a specific-purpose fund.
  const intoFund = (kind === 'collection' || kind === 'bank-credit') && funds.length > 0;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      {
        kind,
        date,
        reference,
        party,
        particulars,
        amount: Number(amount),
        allotmentCreditedOn: kind === 'transfer' && allotment ? allotment : null,
        fundId: intoFund && fund ? Number(fund) : null,
      },
      {
        onSuccess: (answer) => {
          toast.success(t('tracker.cash.added'));
          if (answer.entry.transferLate) {
            toast.error(t('tracker.cash.lateTransfer', { due: answer.entry.transferDueOn ?? '' }));
          }
          setReference('');
          setParticulars('');
          setAmount('');
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="entry-title" sx={{ p: 2 }}>
      <Typography id="entry-title" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('tracker.cash.form.title')}
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <TextField
          select
          label={t('tracker.cash.form.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as CashEntryKind)}
        >
          {CASH_ENTRY_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(kindKey(k))}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          label={t('tracker.cash.form.date')}
          value={date}
          onChange={(e) => setDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
          required
        />
        <TextField
          label={t('tracker.cash.form.reference')}
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          required
        />
        <TextField
          label={t('tracker.cash.form.party')}
          value={party}
          onChange={(e) => setParty(e.target.value)}
        />
        <TextField
          label={t('tracker.cash.form.particulars')}
          value={particulars}
          onChange={(e) => setParticulars(e.target.value)}
          required
        />
        <TextField
          label={t('tracker.cash.form.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          required
        />
        {kind === 'transfer' ? (
          <TextField
            type="date"
            label={t('tracker.cash.form.allotment')}
            helperText={t('tracker.cash.form.allotmentHelp')}
            value={allotment}
            onChange={(e) => setAllotment(e.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: date } }}
          />
        ) : null}
        {intoFund ? (
          <TextField
            select
            label={t('tracker.cash.funds.receivedInto')}
            value={fund}
            onChange={(e) => setFund(e.target.value)}
          >
            <MenuItem value="">{t('tracker.cash.funds.ownFund')}</MenuItem>
            {funds.map((f) => (
              <MenuItem key={f.id} value={String(f.id)}>
                {f.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={add.isPending}>
            {t('tracker.cash.form.save')}
          </Button>
        </Box>
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      ) : null}
    </Paper>
  );
}
