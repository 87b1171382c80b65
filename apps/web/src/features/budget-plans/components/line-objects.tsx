import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  EXPENSE_CLASSES,
  OBJECTS_OF_EXPENDITURE,
  RESIDUAL_OBJECTS,
  formatPlanPeso,
  objectOfExpenditure,
  toCentavos,
  toPesos,
  type ExpenseClass,
} from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import {
  amountError,
  amountOf,
  lineObjectsOf,
  newKey,
  type DraftLine,
  type DraftObject,
} from '../lib/draft.ts';

const classAmount = (line: DraftLine, c: ExpenseClass) =>
  amountOf(c === 'PS' ? line.ps : c === 'MOOE' ? line.mooe : line.co);

const classOf = (code: string) => objectOfExpenditure(code)?.expenseClass;

/** What the cell says: the one object's name, how many, or that the line is not itemised. */
function summaryOf(line: DraftLine, t: ReturnType<typeof useT>): string {
  const objects = lineObjectsOf(line);
  const hasAmounts = EXPENSE_CLASSES.some((c) => classAmount(line, c) !== 0);
  if (!hasAmounts) {
    return t('plans.objects.none');
  }
  if (objects.length === 0) {
    return t('plans.objects.notItemised');
  }
  if (objects.length === 1) {
    return objectOfExpenditure(objects[0]?.code ?? '')?.name ?? '';
  }
  return t('plans.objects.count', { count: String(objects.length) });
}

/** The objects a class may be charged to: the common ones first, then the rest. */
function objectChoices(c: ExpenseClass, t: ReturnType<typeof useT>) {
  const of = OBJECTS_OF_EXPENDITURE.filter((o) => o.expenseClass === c);
  const item = (o: (typeof of)[number]) => (
    <MenuItem key={o.code} value={o.code}>
      {o.name} ({o.code})
    </MenuItem>
  );
  const common = of.filter((o) => o.common);
  const other = of.filter((o) => !o.common);
  return [
    <ListSubheader key="common">{t('plans.objects.common')}</ListSubheader>,
    ...common.map(item),
    ...(other.length > 0
      ? [<ListSubheader key="other">{t('plans.objects.other')}</ListSubheader>, ...other.map(item)]
      : []),
  ];
}

interface Props {
  line: DraftLine;
  number: number;
  readOnly: boolean;
  onChange: (objects: DraftObject[]) => void;
}

/**
 * A line's objects of expenditure: a button in the grid naming them, and a dialog to choose
 * them. A class with amounts gets one object row to start (its residual object); the row takes
 * the class's whole amount until the class is split into several.
 */
export function LineObjectsCell({ line, number, readOnly, onChange }: Props) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const summary = summaryOf(line, t);
  const classes = EXPENSE_CLASSES.filter((c) => classAmount(line, c) !== 0);

  const start = () => {
    // Classes with an amount but no object start on their residual object.
    const missing = classes.filter((c) => !line.objects.some((o) => classOf(o.code) === c));
    if (missing.length > 0 && line.objects.length > 0) {
      onChange([
        ...line.objects,
        ...missing.map((c) => ({
          key: newKey(),
          code: c === 'MOOE' && line.training ? RESIDUAL_OBJECTS.training : RESIDUAL_OBJECTS[c],
          amount: '',
        })),
      ]);
    } else if (line.objects.length === 0) {
      onChange(
        classes.map((c) => ({
          key: newKey(),
          code: c === 'MOOE' && line.training ? RESIDUAL_OBJECTS.training : RESIDUAL_OBJECTS[c],
          amount: '',
        })),
      );
    }
    setOpen(true);
  };

  const update = (key: string, patch: Partial<DraftObject>) =>
    onChange(line.objects.map((o) => (o.key === key ? { ...o, ...patch } : o)));

  return (
    <>
      <Button
        size="small"
        variant="text"
        disabled={readOnly || classes.length === 0}
        onClick={start}
        aria-label={t('plans.objects.open', { number: String(number), summary })}
        sx={{ textTransform: 'none', justifyContent: 'flex-start', whiteSpace: 'nowrap' }}
      >
        {summary}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="md" fullWidth>
        <DialogTitle>{t('plans.objects.title', { number: String(number) })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('plans.objects.intro')}
          </Typography>
          {classes.map((c) => {
            const rows = line.objects.filter((o) => classOf(o.code) === c);
            const single = rows.length === 1;
            const charged = rows.reduce((s, o) => s + toCentavos(amountOf(o.amount)), 0);
            const left = toPesos(toCentavos(classAmount(line, c)) - charged);
            return (
              <Box key={c} component="section" sx={{ mb: 2 }}>
                <Typography variant="subtitle2" component="h3">
                  {t('plans.objects.class', {
                    class: c,
                    amount: formatPlanPeso(classAmount(line, c)),
                  })}
                </Typography>
                {rows.map((o) => (
                  <Box key={o.key} sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
                    <TextField
                      select
                      size="small"
                      label={t('plans.objects.object')}
                      value={o.code}
                      onChange={(e) => update(o.key, { code: e.target.value })}
                      sx={{ flex: 1, minWidth: 0 }}
                    >
                      {objectChoices(c, t)}
                    </TextField>
                    <TextField
                      size="small"
                      label={t('plans.objects.amount')}
                      value={single ? String(classAmount(line, c)) : o.amount}
                      disabled={single}
                      error={!single && amountError(o.amount, t) !== null}
                      helperText={single ? undefined : (amountError(o.amount, t) ?? undefined)}
                      onChange={(e) => update(o.key, { amount: e.target.value })}
                      sx={{ width: 160 }}
                      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                    />
                    <IconButton
                      aria-label={t('plans.objects.remove')}
                      disabled={single}
                      onClick={() => onChange(line.objects.filter((x) => x.key !== o.key))}
                    >
                      <DeleteOutline fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
                {!single && rows.length > 0 ? (
                  <Typography
                    variant="body2"
                    color={left === 0 ? 'text.secondary' : 'error'}
                    sx={{ mt: 0.5 }}
                  >
                    {t('plans.objects.left', { amount: formatPlanPeso(left) })}
                  </Typography>
                ) : null}
                <Button
                  size="small"
                  sx={{ mt: 0.5 }}
                  onClick={() =>
                    onChange([
                      ...line.objects.map((x) =>
                        single && classOf(x.code) === c
                          ? { ...x, amount: String(classAmount(line, c)) }
                          : x,
                      ),
                      { key: newKey(), code: RESIDUAL_OBJECTS[c], amount: '' },
                    ])
                  }
                >
                  {t('plans.objects.add', { class: c })}
                </Button>
              </Box>
            );
          })}
        </DialogContent>
        <DialogActions>
          <Button
            color="inherit"
            onClick={() => {
              onChange([]);
              setOpen(false);
            }}
          >
            {t('plans.objects.clear')}
          </Button>
          <Button variant="contained" onClick={() => setOpen(false)}>
            {t('plans.objects.done')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
