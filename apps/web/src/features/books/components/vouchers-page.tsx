import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { formatPlanPeso, manilaYear, type Voucher, type VoucherState } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { dayText } from '../../tracker/lib/dates.ts';
import {
  downloadVoucher,
  useApproveVoucher,
  useCertifyVoucher,
  useCreateVoucher,
  usePayVoucher,
  useReverseVoucher,
  useVouchers,
} from '../api.ts';
import { PayDialog, ReverseDialog, VoucherDialog } from './voucher-dialogs.tsx';

export const VOUCHERS_PATH = '/vouchers';

const STATE_COLOURS: Record<VoucherState, 'default' | 'info' | 'warning' | 'success' | 'error'> = {
  draft: 'default',
  certified: 'info',
  approved: 'warning',
  paid: 'success',
  cancelled: 'default',
  reversed: 'error',
  reversal: 'error',
};

type Open =
  | { kind: 'new' }
  | { kind: 'pay'; voucher: Voucher }
  | { kind: 'reverse'; voucher: Voucher }
  | null;

/**
 * `/vouchers`: the year's disbursement vouchers. The treasurer prepares one from an open
 * commitment, pays and reverses; the Budget Monitoring Officer certifies; the chairperson
 * approves; every council account reads and prints them (COA's layout, a PDF).
 */
export function VouchersPage() {
  const t = useT();
  useDocumentTitle(t('tracker.books.title'));
  const current = manilaYear(new Date());
  const [year, setYear] = useState(current);
  const query = useVouchers(year);
  const create = useCreateVoucher();
  const certify = useCertifyVoucher();
  const approve = useApproveVoucher();
  const pay = usePayVoucher();
  const reverse = useReverseVoucher();
  const [open, setOpen] = useState<Open>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const close = () => {
    setOpen(null);
    setDialogError(null);
  };
  /** The step's confirmation in the reader's language, by the voucher's state after it. */
  const said = (v: Voucher) =>
    t(`tracker.books.done.${v.state}`, { number: v.number ?? String(v.id) });
  const done = (v: Voucher) => {
    toast.success(said(v));
    close();
  };
  const failed = (failure: unknown) => setDialogError(errorMessage(failure));
  const step = (mutation: typeof certify, id: number) =>
    mutation.mutate(id, {
      onSuccess: (answer) => toast.success(said(answer.voucher)),
      onError: (failure) => toast.error(errorMessage(failure)),
    });
  const books = query.data;
  const title = t('tracker.books.title');
  const columns = [
    t('tracker.books.column.number'),
    t('tracker.books.column.payee'),
    t('tracker.books.column.line'),
    t('tracker.books.column.amount'),
    t('tracker.books.column.state'),
    t('tracker.books.column.actions'),
  ];

  return (
    <Box sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          mb: 1,
        }}
      >
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('tracker.books.year')}
            value={String(year)}
            onChange={(event) => setYear(Number(event.target.value))}
            sx={{ minWidth: 110 }}
          >
            {[current - 2, current - 1, current, current + 1].map((y) => (
              <MenuItem key={y} value={String(y)}>
                {y}
              </MenuItem>
            ))}
          </TextField>
          {books?.can.record ? (
            <Button
              variant="contained"
              startIcon={<Add />}
              disabled={books.openCommitments.length === 0}
              onClick={() => setOpen({ kind: 'new' })}
            >
              {t('tracker.books.new')}
            </Button>
          ) : null}
        </Box>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('tracker.books.intro')}
      </Typography>
      {books ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {books.can.record
            ? t('tracker.books.youRecord')
            : books.can.certify
              ? t('tracker.books.youCertify')
              : books.can.approve
                ? t('tracker.books.youApprove')
                : t('tracker.books.youRead')}
          {books.can.record && books.openCommitments.length === 0
            ? ` ${t('tracker.books.noOpenCommitments')}`
            : ''}
        </Alert>
      ) : null}
      {query.isPending ? <CircularProgress aria-label={t('tracker.books.loading')} /> : null}
      {query.isError ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}
      {books ? (
        <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
          {books.vouchers.length === 0 ? (
            <Typography color="text.secondary">
              {t('tracker.books.none', { year: String(books.year) })}
            </Typography>
          ) : (
            <ScrollRegion label={title}>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    {columns.map((c, i) => (
                      <TableCell
                        key={c}
                        component="th"
                        scope="col"
                        align={i === 3 ? 'right' : 'left'}
                      >
                        {c}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {books.vouchers.map((v) => (
                    <TableRow key={v.id} data-voucher={v.number ?? `reversal-${String(v.id)}`}>
                      <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                        <Box component="span" sx={{ display: 'block', fontWeight: 700 }}>
                          {v.number ?? t('tracker.books.reversalOf', { id: String(v.reversesId) })}
                        </Box>
                        <Box component="span" sx={{ display: 'block', fontSize: 13 }}>
                          {dayText(v.paidOn ?? v.preparedOn ?? '')}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ minWidth: 160 }}>
                        <Box component="span" sx={{ display: 'block' }}>
                          {v.payee || '—'}
                        </Box>
                        <Box
                          component="span"
                          sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}
                        >
                          {v.checkNumber
                            ? t('tracker.books.checkLine', { number: v.checkNumber, bank: v.bank })
                            : v.reference}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ minWidth: 160 }}>
                        <Box component="span" sx={{ display: 'block' }}>
                          {v.ppa}
                        </Box>
                        <Box
                          component="span"
                          sx={{ display: 'block', fontSize: 13, color: 'text.secondary' }}
                        >
                          {v.objectCode ? `${v.objectCode} ${v.objectName ?? ''}` : v.expenseClass}
                        </Box>
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatPlanPeso(v.amount)}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={STATE_COLOURS[v.state]}
                          variant={v.state === 'paid' ? 'filled' : 'outlined'}
                          label={t(`tracker.books.state.${v.state}`)}
                        />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Actions
                          voucher={v}
                          can={books.can}
                          busy={certify.isPending || approve.isPending}
                          onCertify={() => step(certify, v.id)}
                          onApprove={() => step(approve, v.id)}
                          onPay={() => setOpen({ kind: 'pay', voucher: v })}
                          onReverse={() => setOpen({ kind: 'reverse', voucher: v })}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
          )}
        </Paper>
      ) : null}
      {open?.kind === 'new' && books ? (
        <VoucherDialog
          commitments={books.openCommitments}
          busy={create.isPending}
          error={dialogError}
          onClose={close}
          onSubmit={(body) =>
            create.mutate(body, { onSuccess: (a) => done(a.voucher), onError: failed })
          }
        />
      ) : null}
      {open?.kind === 'pay' ? (
        <PayDialog
          voucher={open.voucher}
          busy={pay.isPending}
          error={dialogError}
          onClose={close}
          onSubmit={(body) =>
            pay.mutate(
              { id: open.voucher.id, body },
              { onSuccess: (a) => done(a.voucher), onError: failed },
            )
          }
        />
      ) : null}
      {open?.kind === 'reverse' ? (
        <ReverseDialog
          voucher={open.voucher}
          busy={reverse.isPending}
          error={dialogError}
          onClose={close}
          onSubmit={(reason) =>
            reverse.mutate(
              { id: open.voucher.id, reason },
              { onSuccess: (a) => done(a.voucher), onError: failed },
            )
          }
        />
      ) : null}
    </Box>
  );
}

/** The steps the caller may take on a voucher, and its print. */
function Actions({
  voucher: v,
  can,
  busy,
  onCertify,
  onApprove,
  onPay,
  onReverse,
}: {
  voucher: Voucher;
  can: { record: boolean; certify: boolean; approve: boolean };
  busy: boolean;
  onCertify: () => void;
  onApprove: () => void;
  onPay: () => void;
  onReverse: () => void;
}) {
  const t = useT();
  const [printing, setPrinting] = useState(false);
  const label = v.number ?? '';
  const print = async () => {
    setPrinting(true);
    try {
      await downloadVoucher(v.id, v.number);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setPrinting(false);
    }
  };
  const open = ['draft', 'certified', 'approved', 'paid'].includes(v.state);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      {can.certify && v.state === 'draft' ? (
        <Button size="small" variant="contained" disabled={busy} onClick={onCertify}>
          {t('tracker.books.action.certify')}
          <VisuallyHiddenNumber text={label} />
        </Button>
      ) : null}
      {can.approve && v.state === 'certified' ? (
        <Button size="small" variant="contained" disabled={busy} onClick={onApprove}>
          {t('tracker.books.action.approve')}
          <VisuallyHiddenNumber text={label} />
        </Button>
      ) : null}
      {can.record && v.state === 'approved' ? (
        <Button size="small" variant="contained" onClick={onPay}>
          {t('tracker.books.action.pay')}
          <VisuallyHiddenNumber text={label} />
        </Button>
      ) : null}
      {can.record && open ? (
        <Button size="small" color="error" onClick={onReverse}>
          {t(v.state === 'paid' ? 'tracker.books.action.reverse' : 'tracker.books.action.cancel')}
          <VisuallyHiddenNumber text={label} />
        </Button>
      ) : null}
      <Button
        size="small"
        startIcon={<PictureAsPdf />}
        disabled={printing}
        onClick={() => void print()}
        aria-label={t('tracker.books.action.pdf', { number: label || String(v.id) })}
      >
        {t('tracker.books.action.pdfShort')}
      </Button>
    </Box>
  );
}

/** The voucher's number for screen readers, so each row's buttons are told apart. */
function VisuallyHiddenNumber({ text }: { text: string }) {
  return text ? (
    <Box component="span" sx={visuallyHidden}>
      {` ${text}`}
    </Box>
  ) : null;
}
