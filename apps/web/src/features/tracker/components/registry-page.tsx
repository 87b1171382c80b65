import { Fragment, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { toast } from '../../../lib/toast.ts';
import {
  PLAN_MAX_YEAR,
  PLAN_MIN_YEAR,
  REGISTRY_CLASSES,
  can,
  formatPlanPeso,
  type Commitment,
  type Registry,
  type RegistryClass,
  type RegistryLine,
} from '@sk-tanaw/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useAuth } from '../../../lib/auth/index.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  downloadRegistry,
  useAddCommitment,
  useCancelCommitment,
  useDesignateOfficer,
  usePayCommitment,
  useRegistry,
} from '../api/registry.ts';
import { dayText } from '../lib/dates.ts';
import { TRACKER_PATH, yearPathOf } from '../lib/paths.ts';
import { CommitmentDialog, PaymentDialog } from './registry-dialogs.tsx';

export const REGISTRY_PATH = '/tracker/registry';

function yearParam(value: string | null): number | null {
  const year = Number(value);
  return value !== null && Number.isInteger(year) && year >= PLAN_MIN_YEAR && year <= PLAN_MAX_YEAR
    ? year
    : null;
}

/** Who keeps the registry; the chairperson designates (or removes) the officer here. */
function OfficerPanel({ registry }: { registry: Registry }) {
  const t = useT();
  const designate = useDesignateOfficer();
  const [choice, setChoice] = useState(String(registry.officer?.userId ?? ''));
  const save = () =>
    designate.mutate(choice === '' ? null : Number(choice), {
      onSuccess: () => toast.success(t('tracker.registry.officerSaved')),
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('tracker.registry.officerHeading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1.5, maxWidth: 900 }}>
        {registry.officer
          ? t('tracker.registry.officerIs', { name: registry.officer.name })
          : t('tracker.registry.officerNone')}
      </Typography>
      {registry.canDesignate ? (
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('tracker.registry.officerField')}
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            sx={{ minWidth: 280 }}
            helperText={t('tracker.registry.officerHelp')}
          >
            <MenuItem value="">{t('tracker.registry.officerNoOne')}</MenuItem>
            {registry.candidates.map((c) => (
              <MenuItem key={c.userId} value={String(c.userId)}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={save} disabled={designate.isPending}>
            {t('tracker.registry.officerSave')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

function Downloads({ registry }: { registry: Registry }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const get = async (expenseClass: RegistryClass, format: 'xlsx' | 'pdf') => {
    setBusy(true);
    try {
      await downloadRegistry(registry.year, expenseClass, format);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {REGISTRY_CLASSES.flatMap((c) =>
        (['xlsx', 'pdf'] as const).map((format) => (
          <Button
            key={`${c}-${format}`}
            variant="outlined"
            size="small"
            startIcon={<Download />}
            disabled={busy || registry.plan === null}
            onClick={() => void get(c, format)}
          >
            {t('tracker.registry.download', {
              class: c,
              format: format === 'xlsx' ? 'Excel' : 'PDF',
            })}
          </Button>
        )),
      )}
    </Box>
  );
}

const money = (value: number) => formatPlanPeso(value);

/** One class's registry: per line the balances, its commitments and what was paid on them. */
function ClassRegistry({
  registry,
  expenseClass,
  canPay,
  onCommit,
  onPay,
  onCancel,
}: {
  registry: Registry;
  expenseClass: RegistryClass;
  canPay: boolean;
  onCommit: (line: RegistryLine) => void;
  onPay: (commitment: Commitment) => void;
  onCancel: (commitment: Commitment) => void;
}) {
  const t = useT();
  const lines = registry.lines.filter((l) => l.expenseClass === expenseClass);
  const title = t(`tracker.registry.classTitle.${expenseClass}`);
  const columns = [
    t('tracker.registry.column.line'),
    t('tracker.registry.column.budget'),
    t('tracker.registry.column.commitments'),
    t('tracker.registry.column.payments'),
    t('tracker.registry.column.available'),
    t('tracker.registry.column.unpaid'),
    '',
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {lines.length === 0 ? (
        <Typography color="text.secondary">{t('tracker.registry.noLines')}</Typography>
      ) : (
        <ScrollRegion label={title}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {columns.map((c, i) => (
                  <TableCell
                    key={i}
                    component="th"
                    scope="col"
                    align={i > 0 ? 'right' : 'left'}
                    sx={i === 0 ? { minWidth: 220 } : undefined}
                  >
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <Fragment key={line.itemId}>
                  <TableRow data-line={line.referenceCode} sx={{ bgcolor: 'grey.50' }}>
                    <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                      {line.ppa}
                      <Box
                        component="span"
                        sx={{ display: 'block', fontWeight: 400, fontSize: 12 }}
                      >
                        {line.referenceCode}
                      </Box>
                    </TableCell>
                    {[
                      line.appropriated,
                      line.committed,
                      line.paid,
                      line.unobligated,
                      line.unpaid,
                    ].map((v, i) => (
                      <TableCell key={i} align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {money(v)}
                      </TableCell>
                    ))}
                    <TableCell align="right">
                      {registry.canCommit && line.unobligated > 0 ? (
                        <Button size="small" onClick={() => onCommit(line)}>
                          {t('tracker.registry.commit')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                  {line.commitments.map((c) => (
                    <TableRow key={c.id} data-commitment={c.reference}>
                      <TableCell sx={{ pl: 4 }}>
                        <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
                          {c.reference} · {c.payee}
                          {c.cancelled ? ` (${t('tracker.registry.cancelled')})` : ''}
                        </Box>
                        <Box component="span" sx={{ display: 'block', fontSize: 13 }}>
                          {t('tracker.registry.committedOn', { date: dayText(c.date) })}
                        </Box>
                        {c.payments.map((p) => (
                          <Box
                            key={p.id}
                            component="span"
                            sx={{ display: 'block', color: 'text.secondary', fontSize: 13 }}
                          >
                            {t('tracker.registry.paidLine', {
                              date: dayText(p.date),
                              reference: p.reference,
                              amount: money(p.amount),
                            })}
                          </Box>
                        ))}
                      </TableCell>
                      <TableCell />
                      <TableCell align="right">{c.cancelled ? '—' : money(c.amount)}</TableCell>
                      <TableCell align="right">{money(c.paid)}</TableCell>
                      <TableCell />
                      <TableCell align="right">{money(c.unpaid)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {canPay && !c.cancelled && c.unpaid > 0 ? (
                          <Button size="small" onClick={() => onPay(c)}>
                            {t('tracker.registry.pay')}
                          </Button>
                        ) : null}
                        {registry.canCommit && !c.cancelled && c.paid === 0 ? (
                          <Button size="small" color="error" onClick={() => onCancel(c)}>
                            {t('tracker.registry.cancel')}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                  {line.directPayments.length > 0 ? (
                    <TableRow>
                      <TableCell sx={{ pl: 4, color: 'text.secondary' }} colSpan={7}>
                        {t('tracker.registry.directPayments', {
                          count: String(line.directPayments.length),
                          amount: money(line.directPayments.reduce((s, p) => s + p.amount, 0)),
                        })}
                      </TableCell>
                    </TableRow>
                  ) : null}
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}

/** /tracker/registry: the Registry of Budget, Commitments, Payments and Balances (MOOE, CO). */
export function RegistryPage() {
  const t = useT();
  useDocumentTitle(t('tracker.registry.title'));
  const { user } = useAuth();
  const [params] = useSearchParams();
  const query = useRegistry(yearParam(params.get('year')));
  const registry = query.data;
  const add = useAddCommitment();
  const pay = usePayCommitment();
  const cancel = useCancelCommitment();
  const [committing, setCommitting] = useState<RegistryLine | null>(null);
  const [paying, setPaying] = useState<Commitment | null>(null);
  const [cancelling, setCancelling] = useState<Commitment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canPay = can(user, 'tracker.edit');

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('tracker.registry.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
        {t('tracker.registry.intro')}
      </Typography>
      <Link
        component={RouterLink}
        to={yearPathOf(TRACKER_PATH, registry?.year ?? null)}
        sx={{ display: 'inline-block', mb: 2 }}
      >
        {t('tracker.registry.back')}
      </Link>
      {query.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('tracker.page.loading')} />
        </Box>
      ) : null}
      {query.error ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
      {registry ? (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
            <Typography sx={{ fontWeight: 700, mb: 2 }}>
              {t('tracker.registry.yearLine', {
                year: String(registry.year),
                asOf: dayText(registry.asOf),
              })}
            </Typography>
            <Downloads registry={registry} />
          </Box>
          {registry.plan === null ? (
            <Alert severity="info" sx={{ my: 2 }}>
              {t('tracker.registry.noPlan', { year: String(registry.year) })}
            </Alert>
          ) : null}
          <OfficerPanel key={registry.officer?.userId ?? 0} registry={registry} />
          {REGISTRY_CLASSES.map((c) => (
            <ClassRegistry
              key={c}
              registry={registry}
              expenseClass={c}
              canPay={canPay}
              onCommit={(line) => {
                setError(null);
                setCommitting(line);
              }}
              onPay={(commitment) => {
                setError(null);
                setPaying(commitment);
              }}
              onCancel={setCancelling}
            />
          ))}
        </>
      ) : null}
      {committing ? (
        <CommitmentDialog
          line={committing}
          busy={add.isPending}
          error={error}
          onClose={() => setCommitting(null)}
          onSubmit={(body) =>
            add.mutate(
              { itemId: committing.itemId, body },
              {
                onSuccess: () => {
                  setCommitting(null);
                  toast.success(t('tracker.registry.commitSaved'));
                },
                onError: (failure) => setError(errorMessage(failure)),
              },
            )
          }
        />
      ) : null}
      {paying ? (
        <PaymentDialog
          commitment={paying}
          busy={pay.isPending}
          error={error}
          onClose={() => setPaying(null)}
          onSubmit={(body) =>
            pay.mutate(
              { itemId: paying.itemId, body },
              {
                onSuccess: () => {
                  setPaying(null);
                  toast.success(t('tracker.registry.paySaved'));
                },
                onError: (failure) => setError(errorMessage(failure)),
              },
            )
          }
        />
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('tracker.registry.cancelTitle')}
        confirmLabel={t('tracker.registry.cancel')}
        color="error"
        busy={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) {
            return;
          }
          cancel.mutate(cancelling.id, {
            onSuccess: () => {
              setCancelling(null);
              toast.success(t('tracker.registry.cancelDone'));
            },
            onError: (failure) => {
              setCancelling(null);
              toast.error(errorMessage(failure));
            },
          });
        }}
      >
        {t('tracker.registry.cancelMessage', { reference: cancelling?.reference ?? '' })}
      </ConfirmDialog>
    </Box>
  );
}
