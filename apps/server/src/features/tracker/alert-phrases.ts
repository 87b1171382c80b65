/**
 * The tracker alerts' sentences, once per language: figures.ts picks the facts, a
 * phrasebook words them. English is the one the dashboard has always shown, word for word;
 * Filipino says the same with the same numbers, pesos and dates. Words follow docs/glossary.md
 * and the web's tracker catalogue (checkpoint, quarter, laang-gugulin, "₱x sa ₱y").
 */
import type { Language } from '@sk-tanaw/contract';

export interface AlertPhrases {
  /** `named` is "REF (PPA)"; `dueOn` a `YYYY-MM-DD` date. */
  checkpointOverdue: (title: string, named: string, dueOn: string) => string;
  /** `quarterStart`: the first day of the period's last quarter, `YYYY-MM-DD`. */
  notStartedLate: (named: string, quarterStart: string) => string;
  /** `used`: % of the appropriation disbursed, to one decimal; amounts already in pesos. */
  lowUtilisation: (named: string, used: number, disbursed: string, appropriated: string) => string;
}

const ALERTS_EN: AlertPhrases = {
  checkpointOverdue: (title, named, dueOn) => `Checkpoint "${title}" of ${named} was due ${dueOn}.`,
  notStartedLate: (named, quarterStart) =>
    `${named} has not started, and the last quarter of its period began ${quarterStart}.`,
  lowUtilisation: (named, used, disbursed, appropriated) =>
    `${named} has used ${String(used)}% of its appropriation (${disbursed} of ${appropriated}) after the third quarter.`,
};

const ALERTS_FIL: AlertPhrases = {
  checkpointOverdue: (title, named, dueOn) =>
    `Lampas na sa takdang petsa (${dueOn}) ang checkpoint na "${title}" ng ${named}.`,
  notStartedLate: (named, quarterStart) =>
    `Hindi pa nasisimulan ang ${named}, pero nagsimula na noong ${quarterStart} ang huling quarter ng takdang panahon nito.`,
  lowUtilisation: (named, used, disbursed, appropriated) =>
    `${String(used)}% pa lang ng laang-gugulin ng ${named} ang nagamit (${disbursed} sa ${appropriated}) matapos ang ikatlong quarter.`,
};

export const ALERT_PHRASES: Record<Language, AlertPhrases> = { en: ALERTS_EN, fil: ALERTS_FIL };
