/**
 * The analyst's Filipino sentences, from the same facts as the English ones (the numbers are the
 * same, formatted by format.ts). Words follow docs/glossary.md: badyet, forecast, saklaw,
 * komite, kategorya, bahagi; official terms and technical measures (sMAPE, backtest) stay.
 */
import type { ViewBy } from '@sk-tanaw/contract';
import type { AnalystPhrases } from './analyst-phrases.ts';
import { formatPct, formatPeso, formatPoints, pctChange } from './format.ts';

/** 'komite' or 'kategorya': Filipino does not inflect the noun for the plural ('mga' does). */
const noun = (viewBy: ViewBy) => (viewBy === 'committee' ? 'komite' : 'kategorya');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function listNames(names: readonly string[]): string {
  if (names.length <= 1) {
    return names.join('');
  }
  return `${names.slice(0, -1).join(', ')} at ${names.at(-1) ?? ''}`;
}

/**
 * 'tumaas nang 12.5%', 'bumaba nang 3.0%', 'hindi nagbago'. From a base too small for a
 * percentage: the bare verb when the sentence states both amounts anyway, else
 * 'tumaas mula ₱18 hanggang ₱1,246,915'.
 */
function changeText(a: number, b: number, amountsFollow: boolean): string {
  if (b === a) {
    return 'hindi nagbago';
  }
  const pct = pctChange(a, b);
  const verb = b > a ? 'tumaas' : 'bumaba';
  if (pct !== null) {
    return `${verb} nang ${formatPct(pct)}`;
  }
  return amountsFollow ? verb : `${verb} mula ${formatPeso(a)} hanggang ${formatPeso(b)}`;
}

/** '6.0% na mas mataas kaysa sa kabuuan noong 2022', 'kapareho ng kabuuan noong 2022'... */
function versusText(base: number, value: number, year: number): string {
  const label = `kabuuan noong ${year}`;
  if (value === base) {
    return `kapareho ng ${label}`;
  }
  const pct = pctChange(base, value);
  const side = value > base ? 'mas mataas' : 'mas mababa';
  return pct === null
    ? `${side} kaysa sa ${label} na ${formatPeso(base)}`
    : `${formatPct(pct)} na ${side} kaysa sa ${label}`;
}

const chartTitle = (viewBy: ViewBy) =>
  `Stacked na Badyet ayon sa ${viewBy === 'committee' ? 'Komite' : 'Kategorya'} at Taon`;

export const ANALYST_FIL: AnalystPhrases = {
  chartTitle,
  explanationTitle: 'Pag-unawa sa Chart',
  noData: {
    summary: 'Wala pang raw budget data ang inyong barangay, kaya wala pang maitataya o masusuri.',
    recommendation:
      'Hilingin sa isang administrator na i-upload ang budget data ng barangay sa Raw Data Management.',
    chartDescription: (title) =>
      `Kapag na-upload na ang budget data, magpapakita ang chart na "${title}" ng isang bar bawat taon.`,
  },
  recordedOnly: (year, amount) => `${formatPeso(amount)} ang naitalang badyet para sa ${year}.`,
  growthTitle: (first, last) => `Kabuuang badyet ${first}-${last}`,
  growth: ({ first, last, from, to }) =>
    `${capitalise(changeText(from, to, true))} ang kabuuang badyet mula ${formatPeso(from)} ` +
    `noong ${first} hanggang ${formatPeso(to)} noong ${last}.`,
  latestTitle: (last) => `Pinakahuling taon: ${last}`,
  latest: ({ prev, last, from, to }) =>
    `Mula ${prev} hanggang ${last}, ${changeText(from, to, true)} ang kabuuan: mula ${formatPeso(from)} naging ${formatPeso(to)}.`,
  outlookTitle: (year) => `Tanaw para sa ${year}`,
  outlook: (f) =>
    `Inaasahang aabot sa ${formatPeso(f.mean)} ang badyet sa ${f.year}, ${versusText(f.lastTotal, f.mean, f.last)}; ` +
    `ang 80% na saklaw ay ${formatPeso(f.low80)} hanggang ${formatPeso(f.high80)}` +
    (f.halfWidth === null
      ? ''
      : ` (humigit-kumulang ${formatPct(f.halfWidth * 100)} pataas o pababa)`) +
    ` at ang 95% na saklaw ay ${formatPeso(f.low95)} hanggang ${formatPeso(f.high95)}.`,
  horizonEnd: ({ year, mean, low80, high80 }) =>
    `Pagsapit ng ${year}, ${formatPeso(mean)} ang tinatayang kabuuan (80% na saklaw: ${formatPeso(low80)} hanggang ${formatPeso(high80)}); lumalapad ang saklaw habang lumalayo ang taon.`,
  largestTitle: (viewBy, name) => `Pinakamalaking ${noun(viewBy)}: ${name}`,
  largest: ({ viewBy, name, share, year, amount }) =>
    `Ang ${name} ang pinakamalaking ${noun(viewBy)}, na may ${formatPct(share)} ng badyet noong ${year} (${formatPeso(amount)}).`,
  shiftTitle: 'Paglipat ng mga bahagi',
  shift: (f) =>
    `Lumaki nang ${formatPoints(f.gainPoints)} ang bahagi ng ${f.gain} sa kabuuan mula ${f.first} hanggang ${f.last} ` +
    `(mula ${formatPct(f.gainFrom)} naging ${formatPct(f.gainTo)}), ` +
    `habang lumiit nang ${formatPoints(f.lossPoints)} ang bahagi ng ${f.loss} ` +
    `(mula ${formatPct(f.lossFrom)} naging ${formatPct(f.lossTo)}).`,
  shiftRecommendation: ({ name, points, first, planYear }) =>
    `Tiyaking sinadya ang mas maliit na bahagi ng ${name} (bumaba nang ${formatPoints(points)} mula ${first}) bago buuin ang plano para sa ${planYear}.`,
  increaseTitle: (name) => `Pinakamalaking pagtaas: ${name}`,
  increase: ({ name, from, to, prev, last, viewBy }) =>
    `${capitalise(changeText(from, to, true))} ang badyet ng ${name} mula ${prev} hanggang ${last}, mula ${formatPeso(from)} naging ${formatPeso(to)}: ang pinakamalaking pagtaas sa lahat ng ${noun(viewBy)}.`,
  decreaseTitle: (name) => `Pinakamalaking pagbaba: ${name}`,
  decrease: ({ name, from, to, prev, last, viewBy }) =>
    `${capitalise(changeText(from, to, true))} ang badyet ng ${name} mula ${prev} hanggang ${last}, mula ${formatPeso(from)} naging ${formatPeso(to)}: ang pinakamalaking pagbaba sa lahat ng ${noun(viewBy)}.`,
  fastest: ({ name, from, to, since, last }) =>
    `Ang ${name} ang pinakamabilis lumago: mula ${since} hanggang ${last}, ${changeText(from, to, false)} ang badyet nito.`,
  changes: ({ viewBy, last, items, more }) =>
    `Pagbabago bawat ${noun(viewBy)} hanggang ${last}: ${items
      .map((s) => `${s.name} (mula ${s.since}): ${changeText(s.from, s.to, false)}`)
      .join('; ')}` + (more ? '; nasa data table ang iba pa.' : '.'),
  volatileTitle: (name) => `Pinakapabago-bago: ${name}`,
  volatile: ({ viewBy, name, cv, steadiest, steadyCv }) =>
    `Nag-iiba nang ${formatPct(cv)} mula sa average ang taunang badyet ng ${name} ` +
    `(coefficient of variation), ang pinakamalaki sa lahat ng ${noun(viewBy)}; ang ${steadiest} ang pinakamatatag, sa ${formatPct(steadyCv)}.`,
  volatileRecommendation: ({ name, planYear, cv }) =>
    `Suriin ang mga line item ng ${name} bago pagtibayin ang badyet nito para sa ${planYear}: nag-iiba nang ${formatPct(cv)} mula sa average ang taunang halaga nito.`,
  shortTitle: 'Maikling kasaysayan ng datos',
  short: ({ viewBy, names, of }) =>
    `${names.length} sa ${of} ${noun(viewBy)} (${listNames(names)}) ang kulang pa sa naitalang taon para sa backtest, kaya hindi pa gaanong tiyak ang ${names.length === 1 ? 'forecast nito' : 'kanilang mga forecast'}.`,
  shortRecommendation: ({ planYear, names }) =>
    `Ituring na pansamantala ang forecast para sa ${planYear} ng ${listNames(names)}, at patuloy na itala ang ${names.length === 1 ? 'badyet nito' : 'kanilang badyet'} taon-taon.`,
  totalAccuracy: ({ smape, origins }) =>
    `Nang subukin sa sariling kasaysayan ng barangay, lumihis nang ${formatPct(smape)} sa karaniwan ang mga forecast ng kabuuan (sMAPE sa ${origins} forecast origin).`,
  accuracyTitle: 'Katumpakan ng forecast',
  accuracy: ({ best, bestSmape, worst, worstSmape }) =>
    `Sa mga backtest sa kasaysayan, pinakatumpak ang forecast ng ${best} (${formatPct(bestSmape)} na average na error) at pinakamalayo ang sa ${worst} (${formatPct(worstSmape)}).`,
  planRecommendation: ({ planYear, mean, high80, top }) =>
    `Ibatay ang plano para sa ${planYear} sa tinatayang kabuuang ${formatPeso(mean)}, at maglaan ng reserba hanggang ` +
    `${formatPeso(high80)}, ang pinakamataas sa 80% na saklaw nito.` +
    (top ? ` Pinakamalaki ang ${top.name}, sa ${formatPeso(top.amount)}.` : ''),
  fastestRecommendation: ({ name, from, to, since }) =>
    `Tiyaking kaya ng ${name} na ipatupad ang lumalaking programa nito: ${changeText(from, to, false)} ang badyet nito mula ${since}.`,
  largestShare: ({ viewBy, name, share, count }) =>
    `Ang ${name} ang may pinakamalaking bahagi (${formatPct(share)}) sa ${count} ${noun(viewBy)}.`,
  chartDescription: (f) => {
    const recordedSpan = f.first === f.last ? `${f.first}` : `${f.first} hanggang ${f.last}`;
    const single = f.forecastFirst === f.forecastLast;
    const forecastSpan = single
      ? `${f.forecastFirst}`
      : `${f.forecastFirst} hanggang ${f.forecastLast}`;
    return (
      `Ipinapakita ng "${f.title}" ang isang bar bawat taon. Ang bawat may-kulay na bahagi ay isa sa ${f.count} ` +
      `${noun(f.viewBy)}, nakapatong-patong, kaya ang taas ng bar ang kabuuan ng taong iyon. ` +
      `Naitala na ang ${recordedSpan}; forecast ang ${forecastSpan}.`
    );
  },
  howToRead: (viewBy) => [
    'Ang mga buong bar ay naitalang badyet; ang mas mapusyaw at may guhit na bar ay forecast.',
    'Ipinapakita ng mga whisker sa forecast na bar ang saklaw ng kabuuan: ang makapal na bahagi ang 80% na saklaw, ang manipis na linya ang 95% na saklaw.',
    'Ang label sa ilalim ng bawat taon ang kabuuan ng taong iyon.',
    `Itapat ang cursor sa isang bar para makita ang halaga ng bawat ${noun(viewBy)} at, sa taon ng forecast, ang mga saklaw nito; nasa data table sa ilalim ng chart ang lahat ng halaga.`,
  ],
  dataSource:
    'Ang sariling raw budget data ng barangay (kabuuan ng mga badyet ng PPA bawat taon), na ginawan ng forecast ng built-in na engine',
  confidenceUnmeasured:
    'kumpiyansa = 0: walang serye na may sapat na taong naitala para sa backtest, kaya walang ' +
    'nasukat na katumpakan ang mga forecast',
  confidenceMethod: ({ share, smape, value }) =>
    `kumpiyansa = bahagi ng forecast na badyet sa susunod na taon na may backtest (${formatPct(share)}) ` +
    `x (1 - ang budget-weighted na average na backtest sMAPE nito, ${formatPct(smape)} / 100) = ` +
    formatPct(value),
};
