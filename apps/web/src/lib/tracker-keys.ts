import type { Language } from '@sk-tanaw/contract';

/**
 * Query keys of the implementation tracker. They live here, not in the tracker feature, because
 * the dashboard shows the tracker's alerts: a change on the tracker refreshes them there too.
 */
export const trackerKeys = {
  all: ['tracker'] as const,
  overviews: () => ['tracker', 'overview'] as const,
  /** The language is part of the key: the alert sentences come written in it. */
  overview: (year: number | null, language: Language) =>
    ['tracker', 'overview', year ?? 'current', language] as const,
  item: (id: number) => ['tracker', 'item', id] as const,
  alerts: () => ['tracker', 'alerts'] as const,
  alertsIn: (language: Language) => ['tracker', 'alerts', language] as const,
  plannedSpent: () => ['tracker', 'planned-spent'] as const,
  evidenceThumbnail: (id: number) => ['tracker', 'evidence-thumbnail', id] as const,
};
