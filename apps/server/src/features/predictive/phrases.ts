/**
 * The predictive analysis's and the trend cards' sentence templates, once per language: the
 * writer picks the facts, a phrasebook renders them.
 */
import type { Language } from '@sk-tanaw/contract';
import { PREDICTIVE_EN } from './phrases-en.ts';
import { PREDICTIVE_FIL } from './phrases-fil.ts';

export type PredictivePhrases = typeof PREDICTIVE_EN;
export type { ForecastFacts, ProjectWindow, TargetPeriod } from './phrases-en.ts';

export const PREDICTIVE_PHRASES: Record<Language, PredictivePhrases> = {
  en: PREDICTIVE_EN,
  fil: PREDICTIVE_FIL,
};
