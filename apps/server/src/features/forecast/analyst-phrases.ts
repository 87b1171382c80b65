/**
 * The analyst's sentence templates, once per language. Each template takes the facts
 * the analyst computed (amounts, percents, years, names) and formats the numbers with the shared
 * formatters of format.ts, so every language states the same numbers.
 */
import type { Language, ViewBy } from '@sk-tanaw/contract';
import { ANALYST_EN } from './analyst-en.ts';
import { ANALYST_FIL } from './analyst-fil.ts';

export interface NamedAmounts {
  name: string;
  /** The amount at the start and at the end of the change. */
  from: number;
  to: number;
}

export interface AnalystPhrases {
  chartTitle(viewBy: ViewBy): string;
  explanationTitle: string;
  noData: {
    summary: string;
    recommendation: string;
    chartDescription(title: string): string;
  };
  recordedOnly(year: number, amount: number): string;
  growthTitle(first: number, last: number): string;
  growth(f: { first: number; last: number; from: number; to: number }): string;
  latestTitle(last: number): string;
  latest(f: { prev: number; last: number; from: number; to: number }): string;
  outlookTitle(year: number): string;
  outlook(f: {
    year: number;
    mean: number;
    last: number;
    lastTotal: number;
    low80: number;
    high80: number;
    /** Half the 80% range relative to the forecast (ratio), or null when not stated. */
    halfWidth: number | null;
    low95: number;
    high95: number;
  }): string;
  horizonEnd(f: { year: number; mean: number; low80: number; high80: number }): string;
  largestTitle(viewBy: ViewBy, name: string): string;
  largest(f: { viewBy: ViewBy; name: string; share: number; year: number; amount: number }): string;
  shiftTitle: string;
  shift(f: {
    first: number;
    last: number;
    gain: string;
    gainPoints: number;
    gainFrom: number;
    gainTo: number;
    loss: string;
    lossPoints: number;
    lossFrom: number;
    lossTo: number;
  }): string;
  shiftRecommendation(f: { name: string; points: number; first: number; planYear: number }): string;
  increaseTitle(name: string): string;
  increase(f: NamedAmounts & { viewBy: ViewBy; prev: number; last: number }): string;
  decreaseTitle(name: string): string;
  decrease(f: NamedAmounts & { viewBy: ViewBy; prev: number; last: number }): string;
  fastest(f: NamedAmounts & { since: number; last: number }): string;
  changes(f: {
    viewBy: ViewBy;
    last: number;
    items: (NamedAmounts & { since: number })[];
    more: boolean;
  }): string;
  volatileTitle(name: string): string;
  volatile(f: {
    viewBy: ViewBy;
    name: string;
    cv: number;
    steadiest: string;
    steadyCv: number;
  }): string;
  volatileRecommendation(f: { name: string; planYear: number; cv: number }): string;
  shortTitle: string;
  short(f: { viewBy: ViewBy; names: string[]; of: number }): string;
  shortRecommendation(f: { planYear: number; names: string[] }): string;
  totalAccuracy(f: { smape: number; origins: number }): string;
  accuracyTitle: string;
  accuracy(f: { best: string; bestSmape: number; worst: string; worstSmape: number }): string;
  planRecommendation(f: {
    planYear: number;
    mean: number;
    high80: number;
    top: { name: string; amount: number } | null;
  }): string;
  fastestRecommendation(f: NamedAmounts & { since: number }): string;
  largestShare(f: { viewBy: ViewBy; name: string; share: number; count: number }): string;
  chartDescription(f: {
    viewBy: ViewBy;
    title: string;
    count: number;
    first: number;
    last: number;
    forecastFirst: number;
    forecastLast: number;
  }): string;
  howToRead(viewBy: ViewBy): string[];
  /** The analysis metadata's `data_source`. */
  dataSource: string;
  /** The metadata's `confidence_method` when no series has a backtest (confidence 0). */
  confidenceUnmeasured: string;
  /** The metadata's `confidence_method`: percents of the share, the mean sMAPE and the result. */
  confidenceMethod(f: { share: number; smape: number; value: number }): string;
}

export const ANALYST_PHRASES: Record<Language, AnalystPhrases> = {
  en: ANALYST_EN,
  fil: ANALYST_FIL,
};
