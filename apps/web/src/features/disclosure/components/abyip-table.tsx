import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPlanPeso, type DisclosurePlan, type PlanProgram } from '@sk-tanaw/contract';
import { useT } from '../../../i18n/index.ts';
import { periodText } from '../../../lib/plan-labels.ts';
import {
  HONORARIA_PPA,
  centreGroupLabel,
  type AbyipAmounts,
  type AbyipCentreGroup,
  type AbyipLine,
  type AbyipTable as Abyip,
} from '../lib/group-lines.ts';
import { ScrollRegion } from '../../../components/scroll-region.tsx';

type T = (id: string, values?: Record<string, unknown>) => string;

/** The plan's programs (contract's PLAN_PROGRAM_NAMES) in the language shown. */
const PROGRAMS: Record<PlanProgram, { nameKey: string; shortKey: string }> = {
  GAP: {
    nameKey: 'disclosure.program.GAP',
    shortKey: 'disclosure.abyip.gapSubtotal',
  },
  YDEP: {
    nameKey: 'disclosure.program.YDEP',
    shortKey: 'disclosure.abyip.ydepSubtotal',
  },
};

/** A line's PPA; the honoraria schedule's row is named in the language shown. */
const ppaOf = (t: T, line: AbyipLine) =>
  line.ppa === HONORARIA_PPA && line.referenceCode === ''
    ? t('disclosure.abyip.honoraria')
    : line.ppa;

type Closed = DisclosurePlan['inoperative'];

/** The city's word on a line it declared inoperative, under the line's name. */
function ClosedNote({ t, closed, code }: { t: T; closed: Closed; code: string }) {
  const found = code ? closed.find((c) => c.referenceCode === code) : undefined;
  if (!found) {
    return null;
  }
  return (
    <Box
      component="span"
      data-testid={`inoperative-${code}`}
      sx={{ display: 'block', fontWeight: 400, fontSize: 12, color: 'error.dark' }}
    >
      {t('disclosure.abyip.inoperative', {
        date: found.decidedOn,
        reason: found.reason,
        rule: found.rule || '—',
      })}
    </Box>
  );
}

const groupLabel = (t: T, program: PlanProgram, group: AbyipCentreGroup) =>
  centreGroupLabel(t, program, group.centre);

const th = {
  textAlign: 'left',
  fontSize: 13,
  fontWeight: 700,
  px: 1,
  py: 1,
  bgcolor: 'primary.dark',
  color: '#fff',
  verticalAlign: 'bottom',
} as const;
const td = {
  textAlign: 'left',
  fontSize: 13,
  px: 1,
  py: 0.75,
  borderBottom: '1px solid',
  borderColor: 'divider',
  verticalAlign: 'top',
} as const;
const num = { ...td, textAlign: 'right', whiteSpace: 'nowrap' } as const;

function AmountCells({ amounts, strong }: { amounts: AbyipAmounts; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700 } : {};
  return (
    <>
      <Box component="td" sx={[num, weight]}>
        {formatPlanPeso(amounts.ps)}
      </Box>
      <Box component="td" sx={[num, weight]}>
        {formatPlanPeso(amounts.mooe)}
      </Box>
      <Box component="td" sx={[num, weight]}>
        {formatPlanPeso(amounts.co)}
      </Box>
      <Box component="td" sx={[num, { fontWeight: 700 }]}>
        {formatPlanPeso(amounts.total)}
      </Box>
    </>
  );
}

const lineAmounts = (line: AbyipLine): AbyipAmounts => ({
  ps: line.ps,
  mooe: line.mooe,
  co: line.co,
  total:
    (Math.round(line.ps * 100) + Math.round(line.mooe * 100) + Math.round(line.co * 100)) / 100,
});

/** The ABYIP on a wide screen: the printed form's columns, grouped with subtotals. */
export function AbyipWideTable({
  table,
  caption,
  inoperative = [],
}: {
  table: Abyip;
  caption: string;
  inoperative?: Closed;
}) {
  const t = useT();
  return (
    <ScrollRegion label={caption}>
      <Box
        component="table"
        sx={{ width: '100%', minWidth: 960, borderCollapse: 'collapse' }}
        aria-label={caption}
      >
        <Box component="thead">
          <Box component="tr">
            {[
              'PPA',
              t('disclosure.abyip.description'),
              t('disclosure.abyip.expectedResult'),
              t('disclosure.abyip.performanceIndicator'),
              t('disclosure.abyip.period'),
              t('disclosure.abyip.responsible'),
            ].map((label) => (
              <Box component="th" scope="col" key={label} sx={th}>
                {label}
              </Box>
            ))}
            {['PS', 'MOOE', 'CO', t('disclosure.total')].map((label) => (
              <Box component="th" scope="col" key={label} sx={[th, { textAlign: 'right' }]}>
                {label}
              </Box>
            ))}
          </Box>
        </Box>
        {table.programs.map((program) => (
          <Box component="tbody" key={program.program}>
            <Box component="tr">
              <Box
                component="th"
                scope="colgroup"
                colSpan={10}
                sx={[td, { bgcolor: 'grey.200', fontWeight: 800, fontSize: 14 }]}
              >
                {t(PROGRAMS[program.program].nameKey)}
              </Box>
            </Box>
            {program.centres.map((group) => (
              <Fragment key={group.label}>
                <Box component="tr">
                  <Box
                    component="th"
                    scope="rowgroup"
                    colSpan={10}
                    sx={[td, { bgcolor: 'grey.100', fontWeight: 700 }]}
                  >
                    {groupLabel(t, program.program, group)}
                  </Box>
                </Box>
                {group.lines.map((line, i) => (
                  <Box component="tr" key={`${line.referenceCode}-${String(i)}`}>
                    <Box component="th" scope="row" sx={[td, { fontWeight: 600, minWidth: 150 }]}>
                      {line.referenceCode ? (
                        <Box
                          component="span"
                          sx={{
                            display: 'block',
                            fontWeight: 400,
                            fontSize: 12,
                            color: 'text.secondary',
                            whiteSpace: 'nowrap',
                          }}
                        >
                          {line.referenceCode}
                        </Box>
                      ) : null}
                      {ppaOf(t, line)}
                      <ClosedNote t={t} closed={inoperative} code={line.referenceCode} />
                    </Box>
                    <Box component="td" sx={td}>
                      {line.description}
                    </Box>
                    <Box component="td" sx={td}>
                      {line.expectedResult}
                    </Box>
                    <Box component="td" sx={td}>
                      {line.performanceIndicator}
                    </Box>
                    <Box component="td" sx={[td, { whiteSpace: 'nowrap' }]}>
                      {line.startMonth === null && line.endMonth === null
                        ? ''
                        : periodText(line.startMonth, line.endMonth)}
                    </Box>
                    <Box component="td" sx={td}>
                      {line.responsible}
                    </Box>
                    <AmountCells amounts={lineAmounts(line)} />
                  </Box>
                ))}
                {program.centres.length > 1 ? (
                  <Box component="tr" sx={{ bgcolor: 'grey.50' }}>
                    <Box component="th" scope="row" colSpan={6} sx={[td, { textAlign: 'right' }]}>
                      {t('disclosure.abyip.subtotal', {
                        label: groupLabel(t, program.program, group),
                      })}
                    </Box>
                    <AmountCells amounts={group.subtotal} strong />
                  </Box>
                ) : null}
              </Fragment>
            ))}
            <Box component="tr" sx={{ bgcolor: 'grey.100' }}>
              <Box
                component="th"
                scope="row"
                colSpan={6}
                sx={[td, { textAlign: 'right', fontWeight: 800 }]}
              >
                {t('disclosure.abyip.subtotal', {
                  label: t(PROGRAMS[program.program].nameKey),
                })}
              </Box>
              <AmountCells amounts={program.subtotal} strong />
            </Box>
          </Box>
        ))}
        <Box component="tfoot">
          <Box component="tr" sx={{ bgcolor: 'secondary.light' }}>
            <Box
              component="th"
              scope="row"
              colSpan={6}
              sx={[td, { textAlign: 'right', fontWeight: 800, fontSize: 14 }]}
            >
              {t('disclosure.abyip.grandTotal')}
            </Box>
            <AmountCells amounts={table.grandTotal} strong />
          </Box>
        </Box>
      </Box>
    </ScrollRegion>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  if (!value) {
    return null;
  }
  return (
    <Typography sx={{ fontSize: 14 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
}

/** The ABYIP on a phone: one card per line, grouped the same way, with the same totals. */
export function AbyipCards({
  table,
  caption,
  inoperative = [],
}: {
  table: Abyip;
  caption: string;
  inoperative?: Closed;
}) {
  const t = useT();
  return (
    <Box role="region" aria-label={caption}>
      {table.programs.map((program) => (
        <Box key={program.program} sx={{ mb: 3 }}>
          <Typography component="h4" sx={{ fontWeight: 800, fontSize: 16, mb: 1 }}>
            {t(PROGRAMS[program.program].nameKey)}
          </Typography>
          {program.centres.map((group) => (
            <Box
              component="details"
              key={group.label}
              sx={{
                mb: 1,
                border: '1px solid',
                borderColor: 'divider',
                borderRadius: 1,
                '&[open] > summary': { borderBottom: '1px solid', borderColor: 'divider', mb: 1 },
              }}
            >
              <Box
                component="summary"
                sx={{
                  cursor: 'pointer',
                  p: 1.25,
                  fontWeight: 700,
                  fontSize: 15,
                  display: 'list-item',
                }}
              >
                {t('disclosure.abyip.groupTotal', {
                  label: groupLabel(t, program.program, group),
                  amount: formatPlanPeso(group.subtotal.total),
                })}{' '}
                <Box
                  component="span"
                  sx={{ fontWeight: 400, color: 'text.secondary', fontSize: 13 }}
                >
                  {t('disclosure.abyip.lines', { count: group.lines.length })}
                </Box>
              </Box>
              <Box
                component="ul"
                sx={{ listStyle: 'none', m: 0, px: 1, pb: 1, display: 'grid', gap: 1 }}
              >
                {group.lines.map((line, i) => {
                  const amounts = lineAmounts(line);
                  return (
                    <Paper
                      component="li"
                      variant="outlined"
                      key={`${line.referenceCode}-${String(i)}`}
                      sx={{ p: 1.5 }}
                    >
                      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                        <Typography sx={{ fontWeight: 700 }}>{ppaOf(t, line)}</Typography>
                        <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }}>
                          {formatPlanPeso(amounts.total)}
                        </Typography>
                      </Box>
                      {line.referenceCode ? (
                        <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                          {line.referenceCode}
                        </Typography>
                      ) : null}
                      <ClosedNote t={t} closed={inoperative} code={line.referenceCode} />
                      <Detail label={t('disclosure.abyip.description')} value={line.description} />
                      <Detail
                        label={t('disclosure.abyip.expectedResult')}
                        value={line.expectedResult}
                      />
                      <Detail
                        label={t('disclosure.abyip.indicator')}
                        value={line.performanceIndicator}
                      />
                      <Detail
                        label={t('disclosure.abyip.period')}
                        value={
                          line.startMonth === null && line.endMonth === null
                            ? ''
                            : periodText(line.startMonth, line.endMonth)
                        }
                      />
                      <Detail label={t('disclosure.abyip.responsible')} value={line.responsible} />
                      <Typography sx={{ fontSize: 13, color: 'text.secondary', mt: 0.5 }}>
                        PS {formatPlanPeso(amounts.ps)} · MOOE {formatPlanPeso(amounts.mooe)} · CO{' '}
                        {formatPlanPeso(amounts.co)}
                      </Typography>
                    </Paper>
                  );
                })}
              </Box>
            </Box>
          ))}
          <Typography sx={{ textAlign: 'right', fontWeight: 800, borderTop: '2px solid', pt: 0.5 }}>
            {t(PROGRAMS[program.program].shortKey, {
              amount: formatPlanPeso(program.subtotal.total),
            })}
          </Typography>
        </Box>
      ))}
      <Box
        sx={{
          p: 1.5,
          bgcolor: 'secondary.light',
          borderRadius: 1,
          display: 'flex',
          justifyContent: 'space-between',
          fontWeight: 800,
        }}
      >
        <span>{t('disclosure.abyip.grandTotal')}</span>
        <span>{formatPlanPeso(table.grandTotal.total)}</span>
      </Box>
    </Box>
  );
}
