import { i18n } from '@lingui/core';
import { DEFAULT_DATE_LOCALE, formatManilaDate, formatManilaDateTime } from '@sk-tanaw/contract';

/**
 * The locale of the language shown: English keeps the spec's dates ('Nov 21, 2026'), Filipino
 * writes them the Filipino way ('Nob 21, 2026'); both in Manila time.
 */
export function displayLocale(): string {
  return i18n.locale === 'fil' ? 'fil-PH' : DEFAULT_DATE_LOCALE;
}

/** 'Nov 21, 2026, 3:02 PM' in Philippine time, whatever the browser's zone. */
export const formatDateTime = (value: Date | string): string =>
  formatManilaDateTime(value, displayLocale());

/** 'Nov 21, 2026' in Philippine time. */
export const formatDate = (value: Date | string): string =>
  formatManilaDate(value, displayLocale());

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

/** '₱1,234,567' (whole pesos, thousands separators); fil-PH writes pesos the same way, so both
 * languages show identical figures. */
export const formatPeso = (amount: number): string => pesoFormat.format(amount);
