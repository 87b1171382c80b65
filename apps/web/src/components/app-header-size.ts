/**
 * The app header's size, in CSS pixels: the shell draws its header from these, and the toasts
 * open below it from the same figures, so a change to the header moves the toasts too.
 */
export const APP_HEADER = {
  /** The header's least height (a wide screen: the language switch alone). */
  minHeight: 44,
  /** A phone's menu button, a 48 px touch target; it makes the phone's header this tall. */
  menuButton: 48,
  /** The header's bottom border. */
  border: 1,
} as const;

/** The header's height, border included, on a wide screen and on a phone. */
export const APP_HEADER_HEIGHT = {
  wide: APP_HEADER.minHeight + APP_HEADER.border,
  phone: Math.max(APP_HEADER.minHeight, APP_HEADER.menuButton) + APP_HEADER.border,
} as const;
