import { formatManilaDate, formatManilaDateTime } from '@sk-tanaw/contract';

/** 'Nov 21, 2026, 3:02 PM' in Philippine time, whatever the browser's zone. */
export const formatDateTime = formatManilaDateTime;

/** 'Nov 21, 2026' in Philippine time. */
export const formatDate = formatManilaDate;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) {
    return `${bytes} B`;
  }
  if (bytes < 1024 * 1024) {
    return `${(bytes / 1024).toFixed(0)} KB`;
  }
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const pesoFormat = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  maximumFractionDigits: 0,
});

/** '₱1,234,567' (whole pesos, thousands separators). */
export const formatPeso = (amount: number): string => pesoFormat.format(amount);
