import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '../../../lib/toast.ts';
import {
  TURNOVER_CATEGORIES,
  TURNOVER_CONDITIONS,
  type Turnover,
  type TurnoverRow,
  type TurnoverRowInput,
} from '@sk-tanaw/contract';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatPeso } from '../../../lib/format.ts';
import { useRemoveRow, useSaveRow } from '../api.ts';

interface Draft {
  category: string;
  description: string;
  quantity: string;
  unit: string;
  amount: string;
  acquiredOn: string;
  condition: string;
  location: string;
  remarks: string;
}

const EMPTY: Draft = {
  category: 'property',
  description: '',
  quantity: '1',
  unit: '',
  amount: '',
  acquiredOn: '',
  condition: 'serviceable',
  location: '',
  remarks: '',
};

const draftOf = (row: TurnoverRow): Draft => ({
  category: row.category,
  description: row.description,
  quantity: String(row.quantity),
  unit: row.unit,
  amount: row.amount === null ? '' : String(row.amount),
  acquiredOn: row.acquiredOn ?? '',
  condition: row.condition,
  location: row.location,
  remarks: row.remarks,
});

/** What the form sends: numbers as typed (the server refuses what is not one, with its reason). */
const bodyOf = (d: Draft): TurnoverRowInput =>
  ({
    category: d.category,
    description: d.description,
    quantity: d.quantity.trim() === '' ? Number.NaN : Number(d.quantity),
    unit: d.unit,
    amount: d.amount.trim() === '' ? null : Number(d.amount),
    acquiredOn: d.acquiredOn === '' ? null : d.acquiredOn,
    condition: d.condition,
    location: d.location,
    remarks: d.remarks,
  }) as TurnoverRowInput;

/** The rows of the physical count: the team adds, changes and removes them until signed. */
export function RowsSection({ turnover }: { turnover: Turnover }) {
  const t = useT();
  const save = useSaveRow();
  const remove = useRemoveRow();
  const [editing, setEditing] = useState<{ id: number | null; draft: Draft } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = turnover.canManage && turnover.team !== null && turnover.state !== 'signed';
  const rows = turnover.inventory.rows;
  const field = (key: keyof Draft) => ({
    value: editing?.draft[key] ?? '',
    onChange: (e: { target: { value: string } }) =>
      setEditing((now) => (now ? { ...now, draft: { ...now.draft, [key]: e.target.value } } : now)),
  });

  return (
    <Box component="section" aria-labelledby="count-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id="count-title" component="h2" sx={{ fontWeight: 700 }}>
          {t('shell.turnover.rows.title')}
        </Typography>
        {editable ? (
          <Button
            variant="outlined"
            size="small"
            onClick={() => {
              setError(null);
              setEditing({ id: null, draft: EMPTY });
            }}
          >
            {t('shell.turnover.rows.add')}
          </Button>
        ) : null}
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('shell.turnover.rows.none')}</Typography>
      ) : (
        <ScrollRegion label={t('shell.turnover.rows.title')}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('shell.turnover.rows.category')}</TableCell>
                <TableCell>{t('shell.turnover.rows.description')}</TableCell>
                <TableCell align="right">{t('shell.turnover.rows.quantity')}</TableCell>
                <TableCell align="right">{t('shell.turnover.rows.amount')}</TableCell>
                <TableCell>{t('shell.turnover.rows.condition')}</TableCell>
                <TableCell>{t('shell.turnover.rows.location')}</TableCell>
                {editable ? <TableCell /> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{t(`shell.turnover.category.${row.category}`)}</TableCell>
                  <TableCell>{row.description}</TableCell>
                  <TableCell align="right">
                    {row.quantity} {row.unit}
                  </TableCell>
                  <TableCell align="right">
                    {row.amount === null ? '' : formatPeso(row.amount)}
                  </TableCell>
                  <TableCell>{t(`shell.turnover.condition.${row.condition}`)}</TableCell>
                  <TableCell>{row.location}</TableCell>
                  {editable ? (
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Button
                        size="small"
                        onClick={() => {
                          setError(null);
                          setEditing({ id: row.id, draft: draftOf(row) });
                        }}
                      >
                        {t('shell.turnover.rows.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(row.id, {
                            onSuccess: () => toast.success(t('shell.turnover.rows.removed')),
                            onError: (e) => toast.error(errorMessage(e)),
                          })
                        }
                      >
                        {t('shell.turnover.rows.remove')}
                      </Button>
                    </TableCell>
                  ) : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.id === null ? t('shell.turnover.rows.add') : t('shell.turnover.rows.edit')}
        submitLabel={t('shell.turnover.rows.save')}
        busy={save.isPending}
        error={error}
        labels={{ cancel: t('shell.turnover.cancel'), saving: t('shell.turnover.saving') }}
        onClose={() => setEditing(null)}
        onSubmit={() => {
          if (!editing) {
            return;
          }
          setError(null);
          save.mutate(
            { id: editing.id, body: bodyOf(editing.draft) },
            {
              onSuccess: () => {
                setEditing(null);
                toast.success(t('shell.turnover.rows.saved'));
              },
              // The draft stays as typed: nothing is lost when the server refuses it.
              onError: (e) => setError(errorMessage(e)),
            },
          );
        }}
      >
        <TextField
          select
          size="small"
          label={t('shell.turnover.rows.category')}
          {...field('category')}
        >
          {TURNOVER_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`shell.turnover.category.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          required
          label={t('shell.turnover.rows.description')}
          {...field('description')}
        />
        <TextField
          size="small"
          type="number"
          label={t('shell.turnover.rows.quantity')}
          {...field('quantity')}
        />
        <TextField size="small" label={t('shell.turnover.rows.unit')} {...field('unit')} />
        <TextField
          size="small"
          type="number"
          label={t('shell.turnover.rows.amount')}
          {...field('amount')}
        />
        <TextField
          size="small"
          type="date"
          label={t('shell.turnover.rows.acquiredOn')}
          slotProps={{ inputLabel: { shrink: true } }}
          {...field('acquiredOn')}
        />
        <TextField
          select
          size="small"
          label={t('shell.turnover.rows.condition')}
          {...field('condition')}
        >
          {TURNOVER_CONDITIONS.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`shell.turnover.condition.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField size="small" label={t('shell.turnover.rows.location')} {...field('location')} />
        <TextField
          size="small"
          multiline
          minRows={2}
          label={t('shell.turnover.rows.remarks')}
          {...field('remarks')}
        />
      </FormDialog>
    </Box>
  );
}
