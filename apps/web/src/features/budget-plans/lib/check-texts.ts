import { PLAN_CHECK_SOURCES, type PlanCheck, type PlanCheckRule } from '@sk-tanaw/contract';
import { centreLabel, type Translate } from '../../../lib/plan-labels.ts';

/**
 * The checks' titles, messages and legal sources in the language shown. The shared checks
 * (`evaluatePlanChecks`, also run by the server) write their messages in English with the figures
 * in them: each known message is read back into its figures and said again through the
 * catalogue (whose English is the same sentence), so law names and amounts stay exactly as they
 * are. A message or source this code does not know is shown as it came.
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
    default:
      return t('plans.check.title.proposalAccepted');
  }
}

/** `₱1,234.50` or `-₱1,234.50`, as formatPlanPeso writes it. */
const PESO = '-?₱[\\d,]+\\.\\d{2}';
/** `25%` or `12.5%`. */
const PCT = '[\\d.,]+%';

const SHARE = 'the amount of the 10% share';
const DATE = 'the certification date';
const OFFICER = 'the certifying officer';

function missingPart(part: string, t: Translate): string {
  if (part === SHARE) {
    return t('plans.check.missing.share');
  }
  if (part === DATE) {
    return t('plans.check.missing.date');
  }
  return part === OFFICER ? t('plans.check.missing.officer') : part;
}

/** 'line 3' (a line with neither PPA nor code) in the language shown; any other label as it is. */
function lineLabel(label: string, t: Translate): string {
  const match = /^line (\d+)$/.exec(label);
  return match ? t('plans.check.line', { number: match[1] }) : label;
}

type Reader = (message: string, t: Translate) => string | null;

const exact =
  (english: string, say: (t: Translate) => string): Reader =>
  (message, t) =>
    message === english ? say(t) : null;

const pattern =
  (regex: RegExp, say: (groups: string[], t: Translate) => string): Reader =>
  (message, t) => {
    const match = regex.exec(message);
    return match ? say(match.slice(1), t) : null;
  };

const READERS: Record<PlanCheckRule, Reader[]> = {
  'receipts-certified': [
    pattern(
      new RegExp(
        `^The 10% share of (${PESO}) is certified by ([\\s\\S]*) on (\\d{4}-\\d{2}-\\d{2})\\.$`,
      ),
      ([amount, officer, date], t) =>
        t('plans.check.msg.receiptsCertified.pass', { amount, officer, date }),
    ),
    pattern(
      /^The barangay treasurer's certification is incomplete: enter (.+)\.$/,
      ([missing = ''], t) =>
        t('plans.check.msg.receiptsCertified.fail', {
          missing: missing
            .split(', ')
            .map((part) => missingPart(part, t))
            .join(', '),
        }),
    ),
  ],
  'within-receipts': [
    pattern(
      new RegExp(`^Appropriations of (${PESO}) are within receipts of (${PESO})\\.$`),
      ([appropriations, receipts], t) =>
        t('plans.check.msg.withinReceipts.pass', { appropriations, receipts }),
    ),
    pattern(
      new RegExp(`^Appropriations of (${PESO}) exceed receipts of (${PESO}) by (${PESO})\\.$`),
      ([appropriations, receipts, over], t) =>
        t('plans.check.msg.withinReceipts.fail', { appropriations, receipts, over }),
    ),
  ],
  'personal-services-cap': [
    pattern(
      new RegExp(
        `^Personal services of (${PESO}) are within (${PCT}) of the SK fund \\((${PESO})\\)\\.$`,
      ),
      ([amount, percent, cap], t) =>
        t('plans.check.msg.personalServicesCap.pass', { amount, percent, cap }),
    ),
    pattern(
      new RegExp(
        `^Personal services of (${PESO}) exceed (${PCT}) of the SK fund \\((${PESO})\\) by (${PESO})\\.$`,
      ),
      ([amount, percent, cap, over], t) =>
        t('plans.check.msg.personalServicesCap.fail', { amount, percent, cap, over }),
    ),
  ],
  'honoraria-cap': [
    exact('No honoraria of members, the secretary or the treasurer are scheduled.', (t) =>
      t('plans.check.msg.honorariaCap.none'),
    ),
    pattern(
      new RegExp(`^Every monthly honorarium is at most the chairperson's \\((${PESO})\\)\\.$`),
      ([rate], t) => t('plans.check.msg.honorariaCap.pass', { rate }),
    ),
    exact(
      "The honoraria schedule needs the chairperson's monthly rate: no honorarium may exceed it.",
      (t) => t('plans.check.msg.honorariaCap.noChair'),
    ),
    // The positions (SK Member, SK Secretary...) and names stay as they are.
    pattern(
      new RegExp(`^Monthly honoraria above the chairperson's (${PESO}): ([\\s\\S]+)\\.$`),
      ([rate, above], t) => t('plans.check.msg.honorariaCap.fail', { rate, above }),
    ),
  ],
  'training-cap': [
    pattern(
      new RegExp(`^Training of (${PESO}) is within (${PCT}) of the SK fund \\((${PESO})\\)\\.$`),
      ([amount, percent, cap], t) =>
        t('plans.check.msg.trainingCap.pass', { amount, percent, cap }),
    ),
    pattern(
      new RegExp(
        `^Training of (${PESO}) exceeds (${PCT}) of the SK fund \\((${PESO})\\) by (${PESO})\\.$`,
      ),
      ([amount, percent, cap, over], t) =>
        t('plans.check.msg.trainingCap.fail', { amount, percent, cap, over }),
    ),
  ],
  'ydep-centre': [
    exact('Every youth development line names its centre of participation.', (t) =>
      t('plans.check.msg.ydepCentre.pass'),
    ),
    pattern(
      /^Youth development lines without a centre of participation: ([\s\S]+)\.$/,
      ([lines = ''], t) =>
        t('plans.check.msg.ydepCentre.fail', {
          lines: lines
            .split(', ')
            .map((label) => lineLabel(label, t))
            .join(', '),
        }),
    ),
  ],
  'lines-complete': [
    exact('Every line has a PPA and no negative amount.', (t) =>
      t('plans.check.msg.linesComplete.pass'),
    ),
    pattern(/^Lines without a PPA or with a negative amount: ([\s\S]+)\.$/, ([lines = ''], t) =>
      t('plans.check.msg.linesComplete.fail', {
        lines: lines
          .split(', ')
          .map((label) => lineLabel(label, t))
          .join(', '),
      }),
    ),
  ],
  'forecast-range': [
    exact('Every centre with a forecast is planned within its 80% range.', (t) =>
      t('plans.check.msg.forecastRange.pass'),
    ),
    pattern(/^Planned outside the forecast's 80% range: ([\s\S]+)\.$/, ([items = ''], t) =>
      t('plans.check.msg.forecastRange.fail', {
        centres: items
          .split('; ')
          .map((item) => {
            const match = new RegExp(
              `^(.+) (${PESO}) \\(80% range (${PESO}) to (${PESO})\\)$`,
            ).exec(item);
            return match
              ? t('plans.check.msg.forecastRange.centre', {
                  centre: centreLabel(match[1] ?? '', t),
                  planned: match[2],
                  lower: match[3],
                  upper: match[4],
                })
              : item;
          })
          .join('; '),
      }),
    ),
  ],
  'proposal-accepted': [
    exact('Every linked proposal has been accepted.', (t) =>
      t('plans.check.msg.proposalAccepted.pass'),
    ),
    // Reference numbers, titles and statuses of the proposals stay as they are.
    pattern(/^Linked proposals not yet accepted: ([\s\S]+)\.$/, ([proposals], t) =>
      t('plans.check.msg.proposalAccepted.fail', { proposals }),
    ),
  ],
};

/** The check's message in the language shown (as it came when this code does not know it). */
export function checkMessage(check: PlanCheck, t: Translate): string {
  for (const read of READERS[check.rule]) {
    const said = read(check.message, t);
    if (said !== null) {
      return said;
    }
  }
  return check.message;
}

/** The legal sources the checks cite (PLAN_CHECK_SOURCES and the rules table's), by their text. */
const SOURCES = new Map<string, (t: Translate) => string>([
  [PLAN_CHECK_SOURCES.receiptsCertified, (t) => t('plans.check.source.receiptsCertified')],
  [PLAN_CHECK_SOURCES.withinReceipts, (t) => t('plans.check.source.withinReceipts')],
  [PLAN_CHECK_SOURCES.honorariaCap, (t) => t('plans.check.source.honorariaCap')],
  [PLAN_CHECK_SOURCES.ydepCentre, (t) => t('plans.check.source.ydepCentre')],
  [PLAN_CHECK_SOURCES.linesComplete, (t) => t('plans.check.source.linesComplete')],
  [PLAN_CHECK_SOURCES.forecastRange, (t) => t('plans.check.source.forecastRange')],
  [PLAN_CHECK_SOURCES.proposalAccepted, (t) => t('plans.check.source.proposalAccepted')],
  // The rules table's source of the personal services and training caps (the server's seed).
  ['RA 10742 s. 20 as amended by RA 11768 (2022)', (t) => t('plans.check.source.caps')],
]);

/** The legal source in the language shown: law names and numbers unchanged. */
export function checkSource(source: string, t: Translate): string {
  return SOURCES.get(source)?.(t) ?? source;
}
