import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type DisclosureProcurement } from '@sk-tanaw/contract';
import { ScrollRegion } from '../../../components/scroll-region.tsx';
import { useT } from '../../../i18n/index.ts';
import { displayLocale, formatDate } from '../../../lib/format.ts';

type T = ReturnType<typeof useT>;

const dayOf = (isoDay: string) => formatDate(`${isoDay}T00:00:00+08:00`);

/** `2026-03` as 'Mar 2026' in the language shown. */
const monthOf = (month: string) =>
  new Intl.DateTimeFormat(displayLocale(), {
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Manila',
  }).format(new Date(`${month}-15T00:00:00+08:00`));

/** The mode in the language shown (the server's own label for a mode it names otherwise). */
function modeText(t: T, mode: string, label: string): string {
  switch (mode) {
    case 'svp':
      return t('disclosure.procurement.mode.svp');
    case 'bidding':
      return t('disclosure.procurement.mode.bidding');
    default:
      return label;
  }
}

function periodText(t: T, from: string | null, to: string | null): string {
  if (from === null) {
    return t('disclosure.procurement.noPeriod');
  }
  return to === null || to === from
    ? monthOf(from)
    : t('disclosure.procurement.period', { from: monthOf(from), to: monthOf(to) });
}

function Heading({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} component="h3" sx={{ fontWeight: 700, mt: 2, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** A phone's card: the title line, what is under it, and the amount. */
function Card({ title, lines, amount }: { title: string; lines: string[]; amount: number }) {
  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>{title}</Typography>
        <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
          {formatPlanPeso(amount)}
        </Typography>
      </Box>
      {lines.map((line) => (
        <Typography key={line} sx={{ fontSize: 13, color: 'text.secondary' }}>
          {line}
        </Typography>
      ))}
    </Paper>
  );
}

function Cards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
    >
      {children}
    </Box>
  );
}

/**
 * The public board's procurement of the current year: the Annual Procurement Plan as the
 * chairperson approved it, and the purchase orders (suppliers by business name only); cards on
 * a phone.
 */
export function ProcurementSection({
  procurement,
  phone,
}: {
  procurement: DisclosureProcurement;
  phone: boolean;
}) {
  const t = useT();
  const year = String(procurement.year);
  const { plan, awards } = procurement;
  const planTitle = t('disclosure.procurement.planTitle', { year });
  const awardsTitle = t('disclosure.procurement.awardsTitle', { year });
  return (
    <Paper
      component="section"
      aria-labelledby="procurement-title"
      sx={{ p: { xs: 2, md: 3 }, mb: 4 }}
    >
      <Typography id="procurement-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('disclosure.procurement.title', { year })}
      </Typography>
      <Heading id="procurement-plan-title">{planTitle}</Heading>
      {plan ? (
        <>
          <Typography sx={{ fontSize: 14, color: 'text.secondary', mb: 1 }}>
            {t('disclosure.procurement.approvedOn', { date: dayOf(plan.approvedOn) })}
          </Typography>
          {phone ? (
            <Cards label={planTitle}>
              {plan.rows.map((row) => (
                <Card
                  key={row.code}
                  title={row.project}
                  amount={row.estimated.total}
                  lines={[
                    `${modeText(t, row.mode, row.modeLabel)} · ${periodText(t, row.schedule.from, row.schedule.to)}`,
                    row.code,
                  ]}
                />
              ))}
            </Cards>
          ) : (
            <ScrollRegion label={planTitle}>
              <Table size="small" aria-labelledby="procurement-plan-title">
                <TableHead>
                  <TableRow>
                    <TableCell component="th" scope="col">
                      {t('disclosure.procurement.column.project')}
                    </TableCell>
                    <TableCell component="th" scope="col">
                      {t('disclosure.procurement.column.mode')}
                    </TableCell>
                    <TableCell component="th" scope="col">
                      {t('disclosure.procurement.column.schedule')}
                    </TableCell>
                    <TableCell component="th" scope="col" align="right">
                      {t('disclosure.procurement.column.estimated')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {plan.rows.map((row) => (
                    <TableRow key={row.code}>
                      <TableCell component="th" scope="row">
                        <Box sx={{ fontWeight: 600 }}>{row.project}</Box>
                        <Box sx={{ fontSize: 12, color: 'text.secondary' }}>{row.code}</Box>
                      </TableCell>
                      <TableCell>{modeText(t, row.mode, row.modeLabel)}</TableCell>
                      <TableCell>{periodText(t, row.schedule.from, row.schedule.to)}</TableCell>
                      <TableCell align="right">{formatPlanPeso(row.estimated.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
          )}
        </>
      ) : (
        <Typography color="text.secondary">{t('disclosure.procurement.noPlan')}</Typography>
      )}
      <Heading id="procurement-awards-title">{awardsTitle}</Heading>
      {awards.length === 0 ? (
        <Typography color="text.secondary">{t('disclosure.procurement.noAwards')}</Typography>
      ) : phone ? (
        <Cards label={awardsTitle}>
          {awards.map((award) => (
            <Card
              key={award.reference}
              title={award.description}
              amount={award.amount}
              lines={[
                award.supplier,
                `${award.reference} · ${dayOf(award.orderDate)} · ${modeText(t, award.mode, award.modeLabel)}`,
              ]}
            />
          ))}
        </Cards>
      ) : (
        <ScrollRegion label={awardsTitle}>
          <Table size="small" aria-labelledby="procurement-awards-title">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('disclosure.procurement.column.order')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('disclosure.procurement.column.description')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('disclosure.procurement.column.supplier')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('disclosure.procurement.column.amount')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {awards.map((award) => (
                <TableRow key={award.reference}>
                  <TableCell>
                    <Box>{award.reference}</Box>
                    <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
                      {dayOf(award.orderDate)}
                    </Box>
                  </TableCell>
                  <TableCell component="th" scope="row">
                    <Box>{award.description}</Box>
                    <Box sx={{ fontSize: 12, color: 'text.secondary' }}>
                      {modeText(t, award.mode, award.modeLabel)}
                    </Box>
                  </TableCell>
                  <TableCell>{award.supplier}</TableCell>
                  <TableCell align="right">{formatPlanPeso(award.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      )}
    </Paper>
  );
}
