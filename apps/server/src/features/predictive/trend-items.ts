/**
 * Trend cards of the Project Trends tab from budget facts: one per category and committee,
 * ranked by forecast budget. Direction comes from the forecast against the last recorded year
 * and its interval, impact from the share of the forecast budget, confidence from the backtest
 * accuracy and the interval width. Pure functions.
 */
import {
  DEFAULT_LANGUAGE,
  type ImpactLevel,
  type Language,
  type TrendItem,
} from '@sk-tanaw/contract';
import { forecastFacts } from './analysis-writer.ts';
import { BLEND_SPLIT, type SeriesFacts, type SeriesForecast } from './budget-facts.ts';
import { PREDICTIVE_PHRASES } from './phrases.ts';

/**
 * Up or down when the forecast moves more than 1% from the last recorded year and by more than a
 * quarter of the 80% interval's half-width; otherwise stable.
 */
export function trendDirection(last: number, f: SeriesForecast): TrendItem['trend'] {
  const change = f.mean - last;
  const halfWidth = (f.upper80 - f.lower80) / 2;
  const material = Math.abs(change) > 0.01 * Math.max(Math.abs(last), 1);
  if (!material || Math.abs(change) <= 0.25 * halfWidth) {
    return 'stable';
  }
  return change > 0 ? 'up' : 'down';
}

/**
 * 0-1: backtest accuracy (1 - sMAPE/100; 0.5 when the history is too short to backtest) times a
 * sharpness factor that falls as the 80% interval widens relative to the forecast.
 */
export function trendConfidence(f: SeriesForecast): number {
  const accuracy = f.backtest ? Math.max(0, 1 - f.backtest.smape / 100) : 0.5;
  const relativeWidth = (f.upper80 - f.lower80) / Math.max(Math.abs(f.mean), 1);
  const sharpness = 1 / (1 + relativeWidth);
  return Math.round(accuracy * (0.5 + 0.5 * sharpness) * 100) / 100;
}

/** High at 1.5 times an equal share of the forecast budget or more, low below half of it. */
export function impactOf(share: number, items: number): ImpactLevel {
  const equal = 1 / Math.max(items, 1);
  if (share >= 1.5 * equal) {
    return 'high';
  }
  return share >= 0.5 * equal ? 'medium' : 'low';
}

/** The trend cards of the series with a forecast, largest first, written in `lang`. */
export function trendItems(
  series: readonly SeriesFacts[],
  idPrefix = 'trend',
  lang: Language = DEFAULT_LANGUAGE,
): TrendItem[] {
  const t = PREDICTIVE_PHRASES[lang];
  const withForecast = series.filter(
    (s): s is SeriesFacts & { forecast: SeriesForecast } => s.forecast !== null,
  );
  const total = withForecast.reduce((a, s) => a + s.forecast.mean, 0);
  return withForecast
    .map((s) => {
      const f = s.forecast;
      const share = total > 0 ? f.mean / total : 0;
      const trend = trendDirection(s.lastValue, f);
      const description = t.cards.card({
        trend,
        forecast: forecastFacts(s),
        share,
        peer:
          f.peerMean !== null && f.peerGrowth !== null
            ? { split: BLEND_SPLIT, growth: f.peerGrowth, own: f.ownMean }
            : null,
      });
      return {
        id: `${idPrefix}-${s.key}`,
        name:
          s.committee && s.category
            ? `${s.category}: ${s.committee}`
            : (s.category ?? s.committee ?? t.cards.total),
        trend,
        impact: impactOf(share, withForecast.length),
        subcategory: s.committee ?? '',
        category: s.category ?? '',
        description,
        confidence: trendConfidence(f),
        rank: f.mean,
      };
    })
    .sort((a, b) => b.rank - a.rank || a.id.localeCompare(b.id))
    .map(({ rank: _rank, ...item }) => item);
}
