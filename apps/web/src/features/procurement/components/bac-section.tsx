import { useState, type SubmitEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { BacAnswer, BacRole } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { dayText, manilaToday } from '../../tracker/lib/dates.ts';
import { PROCUREMENT_DOCUMENTS, useSaveBac } from '../api.ts';
import { DocumentButton } from './shared.tsx';

/** Long lists of officials in columns on a wide screen, one column on a phone. */
const CHECKBOX_GRID = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
};

const ROLE_KEYS: Record<BacRole, string> = {
  chair: 'procurement.bac.role.chair',
  'vice chair': 'procurement.bac.role.viceChair',
  member: 'procurement.bac.role.member',
  secretariat: 'procurement.bac.role.secretariat',
  inspector: 'procurement.bac.role.inspector',
};

/** The BAC: the chairperson's order constituting it; the chairperson alone changes it. */
export function BacSection({ query }: { query: UseQueryResult<BacAnswer> }) {
  const t = useT();
  const answer = query.data;
  if (query.isPending) {
    return <CircularProgress aria-label={t('procurement.loading')} />;
  }
  if (query.isError || !answer) {
    return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  }
  const { bac } = answer;
  const heading = t('procurement.bac.heading');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 1.5 }}>
        <Typography component="h2" variant="h6">
          {heading}
        </Typography>
        {bac ? (
          <>
            <Typography>
              {t('procurement.bac.order', {
                number: bac.orderNumber,
                date: dayText(bac.orderDate),
              })}
            </Typography>
            <ScrollRegion label={heading}>
              <Table size="small" aria-label={heading}>
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {t('procurement.bac.column.name')}
                    </TableCell>
                    <TableCell component="th" scope="col">
                      {t('procurement.bac.column.role')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {bac.members.map((m) => (
                    <TableRow key={`${String(m.userId)}-${m.role}`}>
                      <TableCell>{m.name}</TableCell>
                      <TableCell>{t(ROLE_KEYS[m.role])}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
            <Box>
              <DocumentButton
                doc={PROCUREMENT_DOCUMENTS.bacOrder()}
                fileName={`bac-order-${bac.orderNumber}.pdf`}
                label={t('procurement.bac.orderPdf')}
              />
            </Box>
          </>
        ) : (
          <Alert severity="warning">
            {answer.canManage ? t('procurement.bac.noneYours') : t('procurement.bac.none')}
          </Alert>
        )}
      </Paper>
      {answer.canManage ? <BacForm answer={answer} /> : null}
    </Box>
  );
}

/** The chairperson's order: number and date, members, chair and vice chair, secretariat, inspector. */
function BacForm({ answer }: { answer: BacAnswer }) {
  const t = useT();
  const save = useSaveBac();
  const { bac, candidates, rules } = answer;
  const least = rules.find((r) => r.key === 'bac-min-members')?.value ?? 5;
  const most = rules.find((r) => r.key === 'bac-max-members')?.value ?? 7;
  const idsOf = (role: BacRole) =>
    (bac?.members ?? []).filter((m) => m.role === role).map((m) => m.userId);
  const [orderNumber, setOrderNumber] = useState(bac?.orderNumber ?? '');
  const [orderDate, setOrderDate] = useState(bac?.orderDate ?? manilaToday());
  const [members, setMembers] = useState<number[]>(
    bac ? [...idsOf('chair'), ...idsOf('vice chair'), ...idsOf('member')] : [],
  );
  const [chairId, setChairId] = useState(String(idsOf('chair')[0] ?? ''));
  const [viceChairId, setViceChairId] = useState(String(idsOf('vice chair')[0] ?? ''));
  const [secretariat, setSecretariat] = useState<number[]>(idsOf('secretariat'));
  const [inspectorId, setInspectorId] = useState(String(idsOf('inspector')[0] ?? ''));
  const [error, setError] = useState<string | null>(null);
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((k) => k !== id) : [...list, id];
  const chosen = candidates.filter((c) => members.includes(c.userId));
  const eligible = candidates.filter((c) => !c.treasurer);
  const nameOf = (c: { name: string; treasurer: boolean }) =>
    c.treasurer ? t('procurement.bac.treasurerName', { name: c.name }) : c.name;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (!orderNumber.trim() || !chairId || !viceChairId || !inspectorId || !secretariat.length) {
      setError(t('procurement.bac.incomplete'));
      return;
    }
    setError(null);
    save.mutate(
      {
        orderNumber: orderNumber.trim(),
        orderDate,
        memberIds: members,
        chairId: Number(chairId),
        viceChairId: Number(viceChairId),
        secretariatIds: secretariat,
        inspectorId: Number(inspectorId),
      },
      {
        onSuccess: () => toast.success(t('procurement.bac.saved')),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  const heading = t(bac ? 'procurement.bac.changeHeading' : 'procurement.bac.constituteHeading');
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={heading}
      sx={{ p: { xs: 1.5, md: 2 }, display: 'grid', gap: 2 }}
    >
      <Typography component="h2" variant="h6">
        {heading}
      </Typography>
      <Typography color="text.secondary">
        {t('procurement.bac.rule', { least: String(least), most: String(most) })}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          required
          label={t('procurement.bac.field.orderNumber')}
          value={orderNumber}
          onChange={(e) => setOrderNumber(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <TextField
          required
          type="date"
          label={t('procurement.bac.field.orderDate')}
          value={orderDate}
          onChange={(e) => setOrderDate(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">
          {t('procurement.bac.field.members', { count: members.length })}
        </FormLabel>
        <FormGroup sx={CHECKBOX_GRID}>
          {candidates.map((c) => (
            <FormControlLabel
              key={c.userId}
              disabled={c.treasurer}
              control={
                <Checkbox
                  checked={members.includes(c.userId)}
                  onChange={() => setMembers(toggle(members, c.userId))}
                />
              }
              label={nameOf(c)}
            />
          ))}
        </FormGroup>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <PersonSelect
          label={t('procurement.bac.field.chair')}
          value={chairId}
          onChange={setChairId}
          people={chosen}
        />
        <PersonSelect
          label={t('procurement.bac.field.viceChair')}
          value={viceChairId}
          onChange={setViceChairId}
          people={chosen.filter((c) => String(c.userId) !== chairId)}
        />
        <PersonSelect
          label={t('procurement.bac.field.inspector')}
          value={inspectorId}
          onChange={setInspectorId}
          people={eligible}
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{t('procurement.bac.field.secretariat')}</FormLabel>
        <FormGroup sx={CHECKBOX_GRID}>
          {eligible.map((c) => (
            <FormControlLabel
              key={c.userId}
              control={
                <Checkbox
                  checked={secretariat.includes(c.userId)}
                  onChange={() => setSecretariat(toggle(secretariat, c.userId))}
                  slotProps={{
                    input: { 'aria-label': t('procurement.bac.secretariatOf', { name: c.name }) },
                  }}
                />
              }
              label={c.name}
            />
          ))}
        </FormGroup>
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('procurement.bac.save')}
        </Button>
      </Box>
    </Paper>
  );
}

function PersonSelect({
  label,
  value,
  onChange,
  people,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  people: { userId: number; name: string }[];
}) {
  const known = people.some((p) => String(p.userId) === value);
  return (
    <TextField
      select
      required
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    >
      {people.map((p) => (
        <MenuItem key={p.userId} value={String(p.userId)}>
          {p.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
