import {
  HONORARIA_POSITION_NAMES,
  formatPlanPeso,
  formatPlanPercent,
  honorariaOutcome,
  type PlanCheck,
  type PlanCheckFactsOf,
  type PlanCheckRule,
  type PlanCitationKey,
} from '@sk-tanaw/contract';
import { centreLabel, type Translate } from '../../../lib/plan-labels.ts';
import { projectStatusLabel } from '../../projects/lib/status-label.ts';

/**
 * The checks' titles, messages and legal sources in the language shown, worded from the facts
 * each check carries (`check.facts`: amounts, percentages, names, line numbers, the source's key).
 * The English `message` is never read: the catalogue's English says the same
 * sentence. Amounts and percentages are written as the budget documents write them, so both
 * languages show the same figures; law names and numbers stay as they are.
 */

export function checkTitle(rule: PlanCheckRule, t: Translate): string {
  switch (rule) {
    case 'receipts-certified':
      return t('plans.check.title.receiptsCertified');
    case 'within-receipts':
      return t('plans.check.title.withinReceipts');
    case 'personal-services-cap':
      return t('plans.check.title.personalServicesCap');
    case 'honoraria-cap':
      return t('plans.check.title.honorariaCap');
    case 'training-cap':
      return t('plans.check.title.trainingCap');
    case 'ydep-centre':
      return t('plans.check.title.ydepCentre');
    case 'lines-complete':
      return t('plans.check.title.linesComplete');
    case 'forecast-range':
      return t('plans.check.title.forecastRange');
    case 'cbydp-alignment':
      return t('plans.check.title.cbydpAlignment');
    case 'objects-itemised':
      return t('plans.check.title.objectsItemised');
    case 'approved-on-time':
      return t('plans.check.title.approvedOnTime');
    default:
      return t('plans.check.title.proposalAccepted');
  }
}

const peso = formatPlanPeso;
/** 'line 3' in the language shown. */
const lineText = (number: number, t: Translate) => t('plans.check.line', { number });

function receiptsText(f: PlanCheckFactsOf<'receipts-certified'>, t: Translate): string {
  if (f.missing.length === 0) {
    return t('plans.check.msg.receiptsCertified.pass', {
      amount: peso(f.share),
      noticeBy: f.noticeBy,
      noticeOn: f.noticeOn ?? '',
      officer: f.certifiedBy,
      date: f.certifiedOn ?? '',
    });
  }
  const missing = f.missing.map((part) => {
    switch (part) {
      case 'share':
        return t('plans.check.missing.share');
      case 'noticeDate':
        return t('plans.check.missing.noticeDate');
      case 'noticeBy':
        return t('plans.check.missing.noticeBy');
      case 'date':
        return t('plans.check.missing.date');
      default:
        return t('plans.check.missing.officer');
    }
  });
  return t('plans.check.msg.receiptsCertified.fail', { missing: missing.join(', ') });
}

function capText(
  f: PlanCheckFactsOf<'personal-services-cap' | 'training-cap'>,
  t: Translate,
): string {
  const ps = f.rule === 'personal-services-cap';
  if (f.state === 'before') {
    const values = { year: f.year, from: f.from ?? '' };
    return ps
      ? t('plans.check.msg.personalServicesCap.before', values)
      : t('plans.check.msg.trainingCap.before', values);
  }
  if (f.state === 'missing' || f.fraction === null || f.cap === null) {
    const values = { rule: f.rule, year: f.year };
    return ps
      ? t('plans.check.msg.personalServicesCap.missing', values)
      : t('plans.check.msg.trainingCap.missing', values);
  }
  const values = {
    amount: peso(f.amount),
    percent: formatPlanPercent(f.fraction),
    cap: peso(f.cap),
    over: peso(f.over),
  };
  if (ps) {
    return f.over <= 0
      ? t('plans.check.msg.personalServicesCap.pass', values)
      : t('plans.check.msg.personalServicesCap.fail', values);
  }
  return f.over <= 0
    ? t('plans.check.msg.trainingCap.pass', values)
    : t('plans.check.msg.trainingCap.fail', values);
}

/** Positions are official titles (SK Member...) and names are names: the same in both languages. */
function honorariaText(f: PlanCheckFactsOf<'honoraria-cap'>, t: Translate): string {
  const rate = peso(f.chairRate ?? 0);
  switch (honorariaOutcome(f)) {
    case 'severalChairs':
      return t('plans.check.msg.honorariaCap.severalChairs', {
        count: f.chairs.length,
        chairs: f.chairs
          .map((c) =>
            t('plans.check.msg.honorariaCap.chair', {
              who: c.name
                ? `${HONORARIA_POSITION_NAMES.chairperson} ${c.name}`
                : HONORARIA_POSITION_NAMES.chairperson,
              rate: peso(c.monthlyRate),
              months: c.months,
            }),
          )
          .join(', '),
      });
    case 'rulesMissing':
      return t('plans.check.msg.honorariaCap.rulesMissing');
    case 'positions':
      return t('plans.check.msg.honorariaCap.positions', {
        positions: f.positions
          .map((p) =>
            t('plans.check.msg.honorariaCap.position', {
              position: HONORARIA_POSITION_NAMES[p.position],
              expected: p.expected,
              found: p.found,
            }),
          )
          .join(', '),
      });
    case 'chairCharged':
      return t('plans.check.msg.honorariaCap.chairCharged', { rate });
    case 'none':
      return t('plans.check.msg.honorariaCap.none');
    case 'pass':
      return t('plans.check.msg.honorariaCap.pass', { rate });
    case 'noChair':
      return t('plans.check.msg.honorariaCap.noChair');
    default:
      return t('plans.check.msg.honorariaCap.fail', {
        rate,
        above: f.above
          .map((h) =>
            t('plans.check.msg.honorariaCap.person', {
              who: h.name
                ? `${HONORARIA_POSITION_NAMES[h.position]} ${h.name}`
                : HONORARIA_POSITION_NAMES[h.position],
              rate: peso(h.monthlyRate),
            }),
          )
          .join(', '),
      });
  }
}

function ydepText(f: PlanCheckFactsOf<'ydep-centre'>, t: Translate): string {
  if (f.lines.length === 0) {
    return t('plans.check.msg.ydepCentre.pass');
  }
  const lines = f.lines.map((l) => l.ppa || l.referenceCode || lineText(l.number, t));
  return t('plans.check.msg.ydepCentre.fail', { lines: lines.join(', ') });
}

function linesText(f: PlanCheckFactsOf<'lines-complete'>, t: Translate): string {
  return f.lines.length === 0
    ? t('plans.check.msg.linesComplete.pass')
    : t('plans.check.msg.linesComplete.fail', {
        lines: f.lines.map((n) => lineText(n, t)).join(', '),
      });
}

function forecastText(f: PlanCheckFactsOf<'forecast-range'>, t: Translate): string {
  if (f.centres.length === 0) {
    return t('plans.check.msg.forecastRange.pass');
  }
  const centres = f.centres.map((c) =>
    t('plans.check.msg.forecastRange.centre', {
      centre: centreLabel(c.centre, t),
      planned: peso(c.planned),
      lower: peso(c.lower),
      upper: peso(c.upper),
    }),
  );
  return t('plans.check.msg.forecastRange.fail', { centres: centres.join('; ') });
}

/** Reference numbers and titles stay as they are; the status is said in the language shown. */
function proposalsText(f: PlanCheckFactsOf<'proposal-accepted'>, t: Translate): string {
  if (f.proposals.length === 0) {
    return t('plans.check.msg.proposalAccepted.pass');
  }
  const proposals = f.proposals.map((p) =>
    t('plans.check.msg.proposalAccepted.proposal', {
      reference: p.referenceNumber,
      title: p.title,
      status: projectStatusLabel(t, p.status),
    }),
  );
  return t('plans.check.msg.proposalAccepted.fail', { proposals: proposals.join('; ') });
}

/** Lines outside the CBYDP, or no CBYDP. */
function cbydpText(f: PlanCheckFactsOf<'cbydp-alignment'>, t: Translate): string {
  const lines = f.lines.map((l) => l.ppa || l.referenceCode || lineText(l.number, t)).join(', ');
  const values = { year: f.year, period: f.period ?? '', lines };
  if (f.state === 'missing') {
    return t('plans.check.msg.cbydpAlignment.missing', values);
  }
  if (f.state === 'draft') {
    return f.lines.length === 0
      ? t('plans.check.msg.cbydpAlignment.draft', values)
      : t('plans.check.msg.cbydpAlignment.draftOutside', values);
  }
  return f.lines.length === 0
    ? t('plans.check.msg.cbydpAlignment.pass', values)
    : t('plans.check.msg.cbydpAlignment.fail', values);
}

/** The check's message in the language shown, from its facts. */
export function checkMessage(check: PlanCheck, t: Translate): string {
  const { facts } = check;
  switch (facts.rule) {
    case 'receipts-certified':
      return receiptsText(facts, t);
    case 'within-receipts': {
      const values = {
        appropriations: peso(facts.appropriations),
        receipts: peso(facts.receipts),
        over: peso(facts.over),
      };
      return facts.over <= 0
        ? t('plans.check.msg.withinReceipts.pass', values)
        : t('plans.check.msg.withinReceipts.fail', values);
    }
    case 'personal-services-cap':
    case 'training-cap':
      return capText(facts, t);
    case 'honoraria-cap':
      return honorariaText(facts, t);
    case 'ydep-centre':
      return ydepText(facts, t);
    case 'lines-complete':
      return linesText(facts, t);
    case 'forecast-range':
      return forecastText(facts, t);
    case 'cbydp-alignment':
      return cbydpText(facts, t);
    case 'objects-itemised': {
      const lines = facts.lines
        .map((l) => l.ppa || l.referenceCode || lineText(l.number, t))
        .join(', ');
      return facts.lines.length === 0
        ? t('plans.check.msg.objectsItemised.pass')
        : t('plans.check.msg.objectsItemised.fail', { lines });
    }
    case 'approved-on-time':
      return t(`plans.check.msg.approvedOnTime.${facts.timing}`, {
        year: facts.year,
        prepared: facts.year - 1,
        date: facts.approvedOn ?? '',
      });
    default:
      return proposalsText(facts, t);
  }
}

function citation(key: PlanCitationKey, t: Translate): string {
  switch (key) {
    case 'receiptsCertified':
      return t('plans.check.source.receiptsCertified');
    case 'withinReceipts':
      return t('plans.check.source.withinReceipts');
    case 'honorariaCap':
      return t('plans.check.source.honorariaCap');
    case 'ydepCentre':
      return t('plans.check.source.ydepCentre');
    case 'linesComplete':
      return t('plans.check.source.linesComplete');
    case 'forecastRange':
      return t('plans.check.source.forecastRange');
    case 'proposalAccepted':
      return t('plans.check.source.proposalAccepted');
    case 'rulesTable':
      return t('plans.check.source.rulesTable');
    case 'personalServicesCap':
      return t('plans.check.source.personalServicesCap');
    case 'trainingCap':
      return t('plans.check.source.trainingCap');
    case 'chairHonorarium':
      return t('plans.check.source.chairHonorarium');
    case 'honorariaPositions':
      return t('plans.check.source.honorariaPositions');
    case 'cbydpAlignment':
      return t('plans.check.source.cbydpAlignment');
    case 'cbydpDue':
      return t('plans.check.source.cbydpDue');
    case 'approvedOnTime':
      return t('plans.check.source.approvedOnTime');
    case 'objectsItemised':
      return t('plans.check.source.objectsItemised');
    default:
      return t('plans.check.source.caps');
  }
}

/**
 * The check's legal source in the language shown, by its key; a source without one (a law
 * someone added to the rules table) is shown as it was written.
 */
export function checkSource(check: PlanCheck, t: Translate): string {
  return check.facts.sourceKey ? citation(check.facts.sourceKey, t) : check.source;
}
