import { i18n } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format.ts';

/** An instant as the server stores it ('2026-11-21T07:02:00.000Z'): shown in Manila time. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** 'archivedBy' -> 'Archived by'. */
function label(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === '') {
    return i18n._('admin.audit.none');
  }
  if (typeof value === 'string' && INSTANT.test(value)) {
    return formatDateTime(value);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value);
}

/**
 * An audit value as lines a person reads: a JSON object becomes 'Label: value' lines, anything
 * else stays as it is. Null is no value at all. An instant reads in Manila time, as every time
 * the product shows.
 */
export function auditValueLines(raw: string | null): string[] {
  if (raw === null || raw === '') {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed as Record<string, unknown>).map(
        ([key, value]) => `${label(key)}: ${text(value)}`,
      );
    }
    return [text(parsed)];
  } catch {
    return [INSTANT.test(raw) ? formatDateTime(raw) : raw];
  }
}
