/**
 * Query keys of the implementation tracker. They live here, not in the tracker feature, because
 * the dashboard shows the tracker's alerts: a change on the tracker refreshes them there too.
 */
export const trackerKeys = {
  all: ['tracker'] as const,
  overviews: () => ['tracker', 'overview'] as const,
  overview: (year: number | null) => ['tracker', 'overview', year ?? 'current'] as const,
  item: (id: number) => ['tracker', 'item', id] as const,
  alerts: () => ['tracker', 'alerts'] as const,
  plannedSpent: () => ['tracker', 'planned-spent'] as const,
  evidenceThumbnail: (id: number) => ['tracker', 'evidence-thumbnail', id] as const,
};
