import { useState } from 'react';
import type { SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { useLocation } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import { can, cbydpPeriod, formatPlanPeso, manilaYear } from '@sk-tanaw/contract';
import { ListState } from '../../../components/list-state.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { YouthPlanHeading } from './youth-plan-heading.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCbydp, useCbydpList, useCreateCbydp } from '../api.ts';
import { CbydpEditor } from './cbydp-editor.tsx';

function CreateForm({ onCreated }: { onCreated: (id: number) => void }) {
  const t = useT();
  const create = useCreateCbydp();
  const [startYear, setStartYear] = useState(String(manilaYear(new Date())));
  const [assumedOn, setAssumedOn] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { startYear: Number(startYear), officeAssumedOn: assumedOn },
      {
        onSuccess: (answer) => {
          toast.success(t('plans.cbydp.created', { period: answer.cbydp.period }));
          onCreated(answer.cbydp.id);
        },
        onError: (e) => setError(errorMessage(e)),
      },
    );
  };
  const year = Number(startYear);
  return (
    <Paper
      component="form"
      onSubmit={onSubmit}
      sx={{ p: 3, mb: 3 }}
      aria-labelledby="create-cbydp-title"
    >
      <Typography id="create-cbydp-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('plans.cbydp.create.heading')}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <TextField
          label={t('plans.cbydp.create.startYear')}
          required
          value={startYear}
          onChange={(e) => setStartYear(e.target.value.replace(/\D/g, ''))}
          size="small"
          sx={{ width: 160 }}
          helperText={Number.isInteger(year) && year > 1000 ? cbydpPeriod(year) : ' '}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
        <TextField
          label={t('plans.cbydp.officeAssumedOn')}
          type="date"
          required
          value={assumedOn}
          onChange={(e) => setAssumedOn(e.target.value)}
          size="small"
          helperText={t('plans.cbydp.create.assumedHelp')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Button type="submit" variant="contained" startIcon={<Add />} disabled={create.isPending}>
          {t('plans.cbydp.create.submit')}
        </Button>
      </Box>
    </Paper>
  );
}

/** /cbydp (and /admin/cbydp, read only): the barangay's three-year youth development plans. */
export function CbydpPage() {
  const t = useT();
  useDocumentTitle(t('plans.cbydp.title'));
  const { user } = useAuth();
  const admin = useLocation().pathname.startsWith('/admin');
  const list = useCbydpList();
  const [chosen, setChosen] = useState<number | null>(null);
  const plans = list.data ?? [];
  const selectedId = chosen ?? plans[0]?.id ?? null;
  const selected = useCbydp(selectedId);
  const canEdit = can(user, 'plan.edit');

  return (
    <Box>
      <YouthPlanHeading
        title={t('plans.cbydp.title')}
        intro={t('plans.cbydp.intro')}
        companion={{
          to: admin ? '/admin/kk/assemblies' : '/kk/assemblies',
          label: t('plans.cbydp.toAssemblies'),
        }}
        editor={canEdit ? <CreateForm onCreated={setChosen} /> : null}
      />
      <TitledSection id="cbydp-list" title={t('plans.cbydp.list.heading')} sx={{ mb: 3 }}>
        <ListState
          error={list.error}
          errorText={errorMessage}
          loading={list.isPending}
          loadingLabel={t('plans.cbydp.list.loading')}
          empty={plans.length === 0}
          emptyText={t('plans.cbydp.list.empty')}
        />
        {plans.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table aria-label={t('plans.cbydp.list.heading')}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {t('plans.cbydp.list.period')}
                  </TableCell>
                  <TableCell component="th" scope="col">
                    {t('plans.cbydp.list.status')}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {t('plans.cbydp.list.budget')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {plans.map((p) => (
                  <TableRow key={p.id} selected={p.id === selectedId}>
                    <TableCell component="th" scope="row">
                      <Link
                        component="button"
                        type="button"
                        onClick={() => setChosen(p.id)}
                        sx={{ fontWeight: 700 }}
                      >
                        {t('plans.cbydp.list.plan', { period: p.period })}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {p.status === 'approved'
                        ? t('plans.cbydp.status.approved')
                        : t('plans.cbydp.status.draft')}
                    </TableCell>
                    <TableCell align="right">
                      {formatPlanPeso(p.totals.reduce((a, b) => a + b, 0))}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </TitledSection>
      {selected.data && <CbydpEditor key={selected.data.id} plan={selected.data} />}
    </Box>
  );
}
