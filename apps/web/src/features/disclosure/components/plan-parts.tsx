/** The parts of a posted plan on the disclosure board: figures, receipts, honoraria, signatories. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  OTHER_RECEIPT_KINDS,
  formatPlanPeso,
  type DisclosurePlan,
  type HonorariaPosition,
  type OtherReceiptKind,
} from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';

/** Officers' positions (contract's HONORARIA_POSITION_NAMES) in the language shown. */
const POSITIONS: Record<HonorariaPosition, { nameKey: string }> = {
  chairperson: { nameKey: 'disclosure.position.chairperson' },
  member: { nameKey: 'disclosure.position.member' },
  secretary: { nameKey: 'disclosure.position.secretary' },
  treasurer: { nameKey: 'disclosure.position.treasurer' },
};

export function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 }, minWidth: 0 }}>
      <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{label}</Typography>
      <Typography
        sx={{ fontWeight: 800, fontSize: { xs: '1rem', sm: '1.3rem' }, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Paper>
  );
}

/** A receipt's row of Part I, in the board's language. */
function receiptKindLabel(kind: OtherReceiptKind, t: ReturnType<typeof useT>): string {
  switch (kind) {
    case 'fundRaising':
      return t('disclosure.receipts.fundRaising');
    case 'carriedOver':
      return t('disclosure.receipts.carriedOver');
    case 'grant':
      return t('disclosure.receipts.grant');
    default:
      return t('disclosure.receipts.other');
  }
}

export function ReceiptsTable({ plan }: { plan: DisclosurePlan }) {
  const t = useT();
  const { totals } = plan;
  return (
    <Table size="small" aria-label={t('disclosure.receipts.label', { year: String(plan.year) })}>
      <TableBody>
        <TableRow>
          <TableCell component="th" scope="row">
            {t('disclosure.receipts.tenPercent')}
          </TableCell>
          <TableCell align="right">{formatPlanPeso(totals.tenPercentShare)}</TableCell>
        </TableRow>
        {OTHER_RECEIPT_KINDS.filter(
          // The form's fund raising row always; the other kinds when the plan has them.
          (kind) => kind === 'fundRaising' || totals.otherReceiptsByKind[kind] !== 0,
        ).map((kind) => (
          <TableRow key={kind}>
            <TableCell component="th" scope="row">
              {receiptKindLabel(kind, t)}
            </TableCell>
            <TableCell align="right">{formatPlanPeso(totals.otherReceiptsByKind[kind])}</TableCell>
          </TableRow>
        ))}
        <TableRow sx={{ bgcolor: 'grey.100' }}>
          <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
            {t('disclosure.receipts.total')}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700 }}>
            {formatPlanPeso(totals.receipts)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}

const honorariumTotal = (h: DisclosurePlan['honoraria'][number]) =>
  (Math.round(h.monthlyRate * 100) * h.months) / 100;

export function HonorariaTable({ plan, phone }: { plan: DisclosurePlan; phone: boolean }) {
  const t = useT();
  const label = t('disclosure.honoraria.label', { year: String(plan.year) });
  if (plan.honoraria.length === 0) {
    return null;
  }
  if (phone) {
    return (
      <Table size="small" aria-label={label}>
        <TableBody>
          {plan.honoraria.map((h, i) => (
            <TableRow key={`${h.position}-${String(i)}`}>
              <TableCell component="th" scope="row">
                {t(POSITIONS[h.position].nameKey)}
                <Box
                  component="span"
                  sx={{ display: 'block', fontSize: 12, color: 'text.secondary' }}
                >
                  {t('disclosure.honoraria.perMonth', {
                    rate: formatPlanPeso(h.monthlyRate),
                    months: h.months,
                  })}
                </Box>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatPlanPeso(honorariumTotal(h))}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return (
    <ScrollRegion label={label}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {t('disclosure.honoraria.position')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('disclosure.honoraria.monthlyRate')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('disclosure.honoraria.months')}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              {t('disclosure.total')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {plan.honoraria.map((h, i) => (
            <TableRow key={`${h.position}-${String(i)}`}>
              <TableCell component="th" scope="row">
                {t(POSITIONS[h.position].nameKey)}
              </TableCell>
              <TableCell align="right">{formatPlanPeso(h.monthlyRate)}</TableCell>
              <TableCell align="right">{h.months}</TableCell>
              <TableCell align="right">{formatPlanPeso(honorariumTotal(h))}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollRegion>
  );
}

export function Signatories({ plan }: { plan: DisclosurePlan }) {
  const t = useT();
  const { signatories } = plan;
  const person = (name: string, position: string) => (
    <Box>
      <Typography sx={{ fontWeight: 700 }}>{name || '—'}</Typography>
      <Typography sx={{ fontSize: 14, color: 'text.secondary' }}>{position}</Typography>
    </Box>
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' },
      }}
      aria-label={t('disclosure.signatories')}
      role="group"
    >
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>
          {t('disclosure.preparedBy')}
        </Typography>
        {person(signatories.secretary, t(POSITIONS.secretary.nameKey))}
      </Box>
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>
          {t('disclosure.preparedBy')}
        </Typography>
        {person(signatories.treasurer, t(POSITIONS.treasurer.nameKey))}
      </Box>
      <Box>
        <Typography sx={{ fontSize: 13, color: 'text.secondary', mb: 0.5 }}>
          {t('disclosure.attestedBy')}
        </Typography>
        {person(signatories.chairperson, t(POSITIONS.chairperson.nameKey))}
      </Box>
    </Box>
  );
}
