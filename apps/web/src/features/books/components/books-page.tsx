import { useState } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { manilaParts } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCouncilDuties } from '../../council/api.ts';
import { useCashEntries } from '../cash-api.ts';
import { EntriesTable } from './entries-table.tsx';
import { EntryForm } from './entry-form.tsx';
import { ReconcileSection } from './reconcile-section.tsx';
import { RegisterSection } from './register-section.tsx';
import { ReportsSection } from './reports-section.tsx';
import { FundsSection } from './funds-section.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `/books`: the SK treasurer's cash book, the RCRD and RCB of a month and the bank
 * reconciliation. Every account of the council reads; the treasurer's duty holder writes.
 */
export function BooksPage() {
  const t = useT();
  useDocumentTitle(t('tracker.cash.title'));
  const { user } = useAuth();
  const duties = useCouncilDuties();
  const now = manilaParts(new Date());
  const today = `${String(now.year)}-${pad(now.month)}-${pad(now.day)}`;
  const year = now.year;
  const [month, setMonth] = useState(now.month);
  const entries = useCashEntries(year);
  const treasurer = duties.data?.duties.find((d) => d.duty === 'treasurer')?.holder ?? null;
  const canWrite = user !== null && treasurer?.userId === user.id;

  return (
    <Box sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {t('tracker.cash.title')}
        </Typography>
        <Typography color="text.secondary">
          {treasurer
            ? t('tracker.cash.subtitle', { name: treasurer.name })
            : t('tracker.cash.noTreasurer')}
        </Typography>
      </Box>
      {canWrite ? <EntryForm today={today} /> : null}
      <EntriesTable entries={entries.data ?? []} canWrite={canWrite} />
      <TextField
        select
        label={t('tracker.cash.month')}
        value={month}
        onChange={(e) => setMonth(Number(e.target.value))}
        sx={{ maxWidth: 240 }}
      >
        {Array.from({ length: now.month }, (_v, i) => i + 1).map((m) => (
          <MenuItem key={m} value={m}>
            {`${String(year)}-${pad(m)}`}
          </MenuItem>
        ))}
      </TextField>
      <RegisterSection year={year} month={month} />
      <ReconcileSection
        year={year}
        month={month}
        monthOver={month < now.month}
        entries={entries.data ?? []}
        canWrite={canWrite}
      />
      <ReportsSection year={year} month={month} />
      <FundsSection />
    </Box>
  );
}
