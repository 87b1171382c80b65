/**
 * The predictive analysis's and the trend cards' Filipino sentences, from the same facts as the
 * English ones and with the same number formats (stats.ts). Words follow docs/glossary.md:
 * panukala, pagsusuri, chairperson, badyet, forecast, saklaw, kategorya; official terms (SK,
 * PPA, LGU) and technical measures (sMAPE, backtest, median, standard deviation) stay.
 */
import { statedChange } from '../../lib/relative-change.ts';
import {
  targetLabelWith,
  type ForecastFacts,
  type PREDICTIVE_EN,
  type ProjectWindow,
} from './phrases-en.ts';
import { formatPesos, pct, round1, signedPct as signed, type Spread } from './stats.ts';

/** "3.5 araw", "1 araw": Filipino does not inflect the noun for the plural. */
function formatDays(days: number): string {
  return `${round1(days)} araw`;
}

/** "median na 3.5 araw (saklaw 1-7 araw, 4 proyekto)". */
function describeSpread(s: Spread): string {
  return `median na ${formatDays(s.median)} (saklaw ${round1(s.min)}-${formatDays(s.max)}, ${s.n} proyekto)`;
}

/** '+10% kumpara sa ₱100 noong 2023', or 'pataas mula ₱18 noong 2023' from a too small base. */
function versusLast(value: number, lastValue: number, lastYear: number): string {
  const change = statedChange(lastValue, value);
  if (change !== null) {
    return `${signed(change)} kumpara sa ${formatPesos(lastValue)} noong ${lastYear}`;
  }
  return `${value < lastValue ? 'pababa' : 'pataas'} mula ${formatPesos(lastValue)} noong ${lastYear}`;
}

const IMPACT: Record<'high' | 'medium' | 'low', string> = {
  high: 'mataas',
  medium: 'katamtaman',
  low: 'mababa',
};

export const PREDICTIVE_FIL: typeof PREDICTIVE_EN = {
  projectWindow: (w: ProjectWindow) =>
    w.kind === 'all'
      ? 'na nakatala'
      : w.kind === 'upTo'
        ? `na isinumite hanggang ${w.year}`
        : `na isinumite sa ${w.detail} ng alinmang taon`,
  targetLabel: targetLabelWith({
    eachQuarter: (year) => `bawat quarter ng ${year}`,
    eachMonth: (year) => `bawat buwan ng ${year}`,
    nextYear: (year) => `susunod na taon (${year})`,
  }),
  scope: (category) => (category ? `kategoryang ${category}` : 'lahat ng kategorya'),
  ownSource: (barangay, projects, ppas) =>
    `${barangay}: ${projects} record ng proyekto kasama ang kasaysayan ng status, at ${ppas} raw budget line (PPA)`,
  fileSource: (f) =>
    `In-upload na file na ${f.name} (${f.ppas} budget line mula sa ${f.rows} row, ${f.skipped} row ang nilaktawan; hindi itinago) at ${f.projects} record ng proyekto ng ${f.barangay}`,
  weighting: (w) =>
    w.blended
      ? `${w.own}% pangunahing datos (mga record ng barangay na ito) / ${w.peer}% pangalawang datos (pinagsamang paglago ng ${w.peers} pang barangay sa installation na ito)`
      : '100% pangunahing datos (mga record ng barangay na ito): walang ibang barangay sa installation na ito na may budget data para sa mga seryeng ito',

  totalLabel: 'Kabuuang badyet',
  totalLabelOf: (scope) => `Kabuuang badyet para sa ${scope}`,
  forecast: (label, f: ForecastFacts) => {
    const accuracy = f.backtest
      ? `backtest error (sMAPE) na ${round1(f.backtest.smape)}% sa ${f.backtest.origins} origin`
      : `walang backtest (${f.years} taon pa lang ang datos)`;
    return `${label}: ${formatPesos(f.mean)} ang forecast para sa ${f.year} (80% na saklaw: ${formatPesos(f.lower80)}-${formatPesos(f.upper80)}), ${versusLast(f.mean, f.lastValue, f.lastYear)}; ${accuracy}.`;
  },

  budget: {
    none: (scope, year) =>
      `Walang budget record para sa ${scope} bago ang ${year}, kaya walang badyet na maitataya.`,
    cannotForecast: (scope, year) => `Hindi maitataya ang badyet ng ${scope} para sa ${year}.`,
    history: (f) =>
      `${f.ppas} budget line (PPA) ang naitala sa loob ng ${f.years} taon (${f.first}-${f.last}). Mula ${formatPesos(f.firstValue)} noong ${f.first}, naging ${formatPesos(f.lastValue)} ang kabuuan noong ${f.last}${f.cagr === null ? '' : ` (${signed(f.cagr)} bawat taon, compounded)`}.${f.largest ? ` Ang pinakamalaking kategorya noong ${f.last} ay ${f.largest.name}, na may ${formatPesos(f.largest.value)} (${pct(f.largest.share)} ng kabuuan).` : ''}`,
    oneYear: (last) =>
      `Iisang taon pa lang ang naitala (${last}) sa panahong ito, kaya hindi pa masusukat ang pagbabago taon-taon.`,
    trends: (f) =>
      `${f.change.kind === 'amounts' ? `Mula ${f.change.prevYear} hanggang ${f.last}, mula ${formatPesos(f.change.from)} naging ${formatPesos(f.change.to)} ang kabuuan.` : `Mula ${f.last - 1} hanggang ${f.last}, nagbago nang ${signed(f.change.growth)} ang kabuuan.`}${f.riser ? ` Pinakamabilis ang pagtaas ng ${f.riser.name} (${signed(f.riser.growth)}); pinakamalaki ang pagbaba o pinakamabagal ang pagtaas ng ${f.riser.faller} (${signed(f.riser.fallerGrowth)}).` : ''}${f.volatility === null ? '' : ` Nag-iba nang ${pct(f.volatility)} ang paglago taon-taon (standard deviation).`}`,
    allocate: (f) =>
      `Ilaan ang badyet ayon sa mga forecast para sa ${f.year}: ${f.shares.map((c) => `${c.name} ${pct(c.share)}`).join(', ')} ng tinatayang ${formatPesos(f.total)}${f.range ? `, at panatilihin ang plano sa loob ng 80% na saklaw na ${formatPesos(f.range.lower)}-${formatPesos(f.range.upper)}` : ''}.`,
    noCategoryForecast: (year, last, value) =>
      `Walang kategoryang maitataya para sa ${year}; ibatay ang plano sa badyet noong ${last} na ${formatPesos(value)}.`,
  },

  timing: {
    noSeason: (window) =>
      `Walang panukala ${window}, kaya walang masusukat na pana-panahong takbo ng pagsusumite.`,
    season: (f) =>
      `Mga isinumite bawat quarter: ${f.quarters.map((q) => `${q.quarter} ${q.count}`).join(', ')}.${f.peakQuarter ? ` Pinakamarami sa ${f.peakQuarter.quarter} (${pct(f.peakQuarter.share)}).` : ''}${f.peakMonth ? ` Pinakaabalang buwan: ${f.peakMonth.month} (${f.peakMonth.count} panukala).` : ''}`,
    inQuarter: (total, detail, seasonal) =>
      `${total} panukala ang isinumite sa ${detail} ng mga naitalang taon. ${seasonal}`,
    stages: (f) =>
      [
        f.review !== null ? `masusuri matapos ang median na ${formatDays(f.review)}` : null,
        f.acceptance !== null ? `matatanggap matapos ang ${formatDays(f.acceptance)}` : null,
        f.lgu !== null ? `maaaprubahan ng LGU matapos ang ${formatDays(f.lgu)}` : null,
      ].filter((s): s is string => s !== null),
    timeline: (target, stages) =>
      `Batay sa mga nasukat na median, ang panukalang isusumite para sa ${target} ay ${stages.join(', ')}.`,
    noTimeline: (window) =>
      `Wala pang panukala ${window} ang nasusuri, kaya hindi pa matataya ang timeline.`,
    noProposals: (window) => `Walang panukala ${window}.`,
    byStatus: (total, window, statuses) =>
      `${total} panukala ${window}: ${statuses.map((s) => `${s.status} ${s.count}`).join(', ')}.`,
    firstDecision: (s) =>
      `Tagal mula pagsusumite hanggang sa unang desisyon ng chairperson: ${describeSpread(s)}.`,
    noFirstDecision: 'Wala pang panukalang may unang desisyon.',
    waiting: (awaiting, atLgu) =>
      `${awaiting} panukala ang naghihintay ng pagsusuri ngayon; ${atLgu} panukala ang naghihintay sa LGU.`,
  },

  duration: {
    approval: (s, toLgu) =>
      `Ang proseso ng pag-apruba (mula pagsusumite hanggang ${toLgu ? 'pag-apruba ng LGU' : 'pagtanggap ng chairperson'}): ${describeSpread(s)}. Tagal ito ng pag-apruba; hindi naitatala ang mga petsa ng pagpapatupad.`,
    noApproval:
      'Wala pang panukalang natatanggap, kaya hindi pa masusukat ang tagal ng pag-apruba.',
    timeframes: (f) =>
      [
        f.review
          ? `hanggang unang pagsusuri: ${describeSpread(f.review)}`
          : 'hanggang unang pagsusuri: wala pa',
        f.acceptance
          ? `hanggang pagtanggap: ${describeSpread(f.acceptance)}`
          : 'hanggang pagtanggap: wala pa',
        f.lgu
          ? `hanggang pag-apruba ng LGU: ${describeSpread(f.lgu)}`
          : 'hanggang pag-apruba ng LGU: wala pa',
      ].join('; '),
    noRevision: 'Walang panukalang kinailangang i-rebisa.',
    revisions: (f) =>
      `${f.projects} panukala (${pct(f.share)}) ang nangailangan ng kahit isang rebisyon; ${f.rounds} round ng rebisyon sa kabuuan, hanggang ${f.max} sa iisang panukala.${f.compare ? ` Natanggap matapos ang rebisyon: median na ${formatDays(f.compare.withRevision)}; kung walang rebisyon: ${formatDays(f.compare.without)}.` : ''}`,
    standard: (s) =>
      `Kalahati ng mga natanggap na panukala ang natanggap sa loob ng ${formatDays(s.median)}; ang pinakamabilis ay ${formatDays(s.min)}, ang pinakamatagal ay ${formatDays(s.max)}.`,
    noStandard: 'Wala pang natanggap na panukala na magsisilbing batayan.',
    lguStage: (gap, approved, decided) =>
      `Nadaragdagan ng median na ${formatDays(gap)} ang proseso sa yugto ng LGU matapos tanggapin ng chairperson; inaprubahan ng LGU ang ${approved} sa ${decided} panukalang pinagpasyahan nito.`,
    noLgu: (waiting) =>
      `Wala pang panukalang naaprubahan ng LGU; ${waiting} panukala ang naghihintay roon.`,
  },

  success: {
    none: 'Wala pang panukalang natanggap o tinanggihan, kaya wala pang masusukat na salik ng tagumpay.',
    category: (name, accepted, decided) =>
      `${name}: ${accepted} sa ${decided} napagpasyahang panukala ang natanggap (${pct(accepted / decided)}).`,
    document: (doc, noDoc) =>
      `May kalakip na dokumento: ${doc.accepted} sa ${doc.decided} ang natanggap (${pct(doc.accepted / doc.decided)}); walang dokumento: ${noDoc.accepted} sa ${noDoc.decided} (${pct(noDoc.accepted / noDoc.decided)}).`,
    noRevision: (count, median) =>
      `${count} panukala ang natanggap nang walang rebisyon, sa median na ${formatDays(median)}.`,
  },

  recommend: {
    review: (awaiting, median) =>
      `Suriin ang ${awaiting} panukalang naghihintay ng pagsusuri${median !== null ? `; umaabot sa median na ${formatDays(median)} bago ang unang desisyon` : ''}.`,
    remarks: (words) =>
      `Suriin ang mga bagong panukala batay sa mga puntong madalas banggitin ng mga tagasuri: ${words.map((w) => `"${w.word}" (${w.count})`).join(', ')}.`,
    prepare: (quarter, share) =>
      `Ihanda ang mga tagasuri at template bago ang ${quarter}, na may ${pct(share)} ng mga isinumite.`,
    plan: (f) => {
      const change = statedChange(f.lastValue, f.mean);
      return `Magplano ng mga panukala para sa ${f.name}, na inaasahang pinakamalaki ang pagbabago (${change === null ? `mula ${formatPesos(f.lastValue)} noong ${f.lastYear}` : signed(change)}, naging ${formatPesos(f.mean)} sa ${f.year}).`;
    },
    reserve: (name, volatility) =>
      `Maglaan ng reserba para sa ${name}: nag-iba nang ${pct(volatility)} ang taunang paglago nito (standard deviation).`,
    invite: (name, share, year, proposalShare) =>
      `Humikayat ng mga panukala sa ${name}: may ${pct(share)} ito ng badyet noong ${year} pero ${pct(proposalShare)} lang ng mga panukala.`,
  },

  risk: {
    rejections: (rate, rejected, decided) =>
      `${pct(rate)} ng mga napagpasyahang panukala ang tinanggihan (${rejected} sa ${decided}).`,
    preScreenWords: (words) =>
      `Suriin muna ang mga panukala batay sa mga pinakamadalas na puna (${words.join(', ')}).`,
    preScreen: 'Ipasuri muna sa chairperson ang mga draft bago ang pormal na pagsusumite.',
    revisions: (projects, rounds) =>
      `${projects} panukala ang kinailangang i-rebisa (${rounds} round sa kabuuan), kaya naantala ang pagtanggap.`,
    revisionTime: (median) =>
      `Maglaan ng ${formatDays(median)} para sa pagtanggap kapag malamang na may rebisyon, at gamitin ang mga naunang puna.`,
    revisionChecklist: 'Gawing checklist ang mga puna sa mga naunang hiling na rebisyon.',
    lguTime: (median, max) =>
      `Umaabot sa median na ${formatDays(median)} mula pagsusumite ang pag-apruba ng LGU (hanggang ${formatDays(max)}).`,
    lguEarly: (max) =>
      `Isumite ang mga proyektong may takdang petsa nang hindi bababa sa ${formatDays(max)} bago ang simula nito.`,
    backlog: (count) => `${count} panukala ang naghihintay ng pagsusuri.`,
    backlogSession: 'Magtakda ng sesyon ng pagsusuri para maubos ang mga nakabinbin.',
    volatile: (name, volatility) =>
      `Pabago-bago ang badyet ng ${name}: nag-iba nang ${pct(volatility)} ang taunang paglago.`,
    phase: (name) =>
      `Hatiin sa mga yugto ang mga proyekto ng ${name} para mabawasan ang mga huling yugto kung bumaba ang badyet.`,
    range: (f) =>
      `Maaaring umabot ang kabuuan sa ${f.year} kahit saan mula ${formatPesos(f.lower)} hanggang ${formatPesos(f.upper)} (80% na saklaw${f.width === null ? '' : `, ${pct(f.width)} ng forecast`}).`,
    lowerBound: (lower) =>
      `Iranggo ang mga proyekto para gumana pa rin ang plano kahit ${formatPesos(lower)} lang ang badyet, ang pinakamababa sa saklaw.`,
    shortHistory: (years) =>
      `${years} taon pa lang ang kasaysayan ng badyet: hindi pa ma-backtest ang mga forecast.`,
    uploadEarlier:
      'I-upload ang raw data ng mga naunang taon para masukat ang katumpakan ng forecast.',
  },

  predicted: {
    busiestQuarter: (quarter, count, total, share) =>
      `Mga isinumite: inaasahang ${quarter} pa rin ang pinakaabalang quarter (${count} sa ${total} panukala sa ngayon, ${pct(share)}).`,
    acceptance: (f) =>
      `Sa nasukat na acceptance rate na ${pct(f.rate)} (${f.accepted} sa ${f.decided}), mga ${f.outOfTen} sa bawat 10 panukala para sa ${f.target} ang inaasahang matatanggap.`,
  },

  feedback: {
    remarks: (words) =>
      `Ang pinakamadalas banggitin sa mga puna ng tagasuri sa mga hiling na rebisyon at pagtanggi: ${words.map((w) => `${w.word} (${w.count})`).join(', ')}.`,
    interest: (name, count, share) =>
      `Karamihan ng mga panukala ay tungkol sa ${name} (${count} panukala, ${pct(share)}), tanda kung saan nakatuon ang interes.`,
    lgu: (approved, decided) =>
      `Inaprubahan ng LGU ang ${approved} sa ${decided} panukalang pinagpasyahan nito.`,
    largest: (name, share, year) =>
      `Ang ${name} ang may pinakamalaking badyet (${pct(share)} noong ${year}), kaya ang mga proyekto nito ang pinakanapapansin ng mga residente.`,
  },

  summary: {
    notEnough: (window, scope, year) =>
      `Kulang ang datos para sa pagsusuri: walang panukala ${window} at walang budget record para sa ${scope} bago ang ${year}.`,
    decided: (decided, accepted, rate, rejected, rejectionRate) =>
      ` Sa ${decided} panukalang napagpasyahan ng chairperson, ${accepted} ang natanggap (${pct(rate)}) at ${rejected} ang tinanggihan (${pct(rejectionRate)}).`,
    noneDecided: ' Wala pang natanggap o tinanggihan.',
    budget: (f) =>
      ` Nasuri ang ${f.ppas} budget line sa loob ng ${f.years} taon (${f.first}-${f.last})${f.forecast ? `; tinatayang ${formatPesos(f.forecast.mean)} ang badyet sa ${f.forecast.year} (80% na saklaw: ${formatPesos(f.forecast.lower)}-${formatPesos(f.forecast.upper)})` : ''}.`,
    noBudget: (scope, year) => ` Walang budget record para sa ${scope} bago ang ${year}.`,
    report: (f) =>
      `Sinuri ang ${f.total} panukala ${f.window} sa ${f.scope} para sa ${f.target}.${f.decided}${f.budget} Mga internet source na kinonsulta: 0 (walang nakatakda). Timbang ng datos: ${f.weighting}.`,
  },

  cards: {
    total: 'Kabuuan',
    allCategories: 'Lahat ng Kategorya',
    card: (f) => {
      const word = { up: 'tataas', down: 'bababa', stable: 'mananatiling pareho' }[f.trend];
      const b = f.forecast.backtest;
      const accuracy = b
        ? `Backtest error (sMAPE): ${round1(b.smape)}% sa ${b.origins} origin.`
        : `Walang backtest: ${f.forecast.years} taon pa lang ang datos.`;
      const peer = f.peer
        ? ` Pinaghalo (${f.peer.split}) sa pinagsamang paglago ng ibang barangay na ${pct(f.peer.growth)} bawat taon (forecast mula sa sariling record: ${formatPesos(f.peer.own)}).`
        : '';
      const v = f.forecast;
      return `Inaasahang ${word}: ${formatPesos(v.mean)} sa ${v.year} (80% na saklaw: ${formatPesos(v.lower80)}-${formatPesos(v.upper80)}), ${versusLast(v.mean, v.lastValue, v.lastYear)}; ${pct(f.share)} ng tinatayang badyet.${peer} ${accuracy}`;
    },
    noRecords: (f) =>
      `Walang budget record para sa ${f.label} bago ang ${f.year}${f.dated ? ' sa napiling mga petsa' : ''}${f.impact ? ` na may ${IMPACT[f.impact]} na epekto` : ''}.`,
    noMatch: (custom) => `Walang budget line na tumutugma sa "${custom}".`,
    note: (f) =>
      `Forecast ng ${f.engine} mula sa raw budget records ng ${f.barangay} (${f.ppas} budget line${f.years ? `, ${f.years.first}-${f.years.last}` : ''}). Walang nakatakdang internet source, kaya walang kinonsulta.`,
  },
};
