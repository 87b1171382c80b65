import GlobalStyles from '@mui/material/GlobalStyles';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@sk-tanaw/contract';
import { APP_HEADER_HEIGHT } from './app-header-size.ts';

/**
 * A reader who asks for reduced motion gets toasts that appear and leave at once (WCAG 2.1
 * SC 2.3.3): react-toastify's bounce is cut to a millisecond, not removed, since a toast leaves
 * when its exit animation ends. Its countdown bar keeps its own timing.
 */
const reducedMotion = {
  '@media (prefers-reduced-motion: reduce)': {
    '.Toastify__toast': { animationDuration: '1ms !important' },
  },
} as const;

/**
 * Toasts open below the app's header (`APP_HEADER_HEIGHT`, the figures the shell draws it from),
 * not over it: the language switch, and a phone's menu button, stay within reach while a toast
 * shows. On a phone react-toastify spans the width from the very top, so the sign-in toast
 * covered both for its 5 s. Doubled selectors outrank react-toastify's own stylesheet, whatever
 * order the two are injected in.
 */
const belowTheHeader = {
  ':root:root': {
    '--toastify-toast-top': `max(calc(var(--toastify-toast-offset) + ${APP_HEADER_HEIGHT.wide}px), env(safe-area-inset-top))`,
  },
  '@media only screen and (max-width: 480px)': {
    '.Toastify__toast-container.Toastify__toast-container--top-right': {
      top: `calc(${APP_HEADER_HEIGHT.phone}px + env(safe-area-inset-top))`,
    },
  },
} as const;

/** Toasts of spec part 1 section 9: top-right, 5 s, pause on hover/focus loss, drag 80%, Alt+T. */
export function Toaster() {
  return (
    <>
      <GlobalStyles styles={reducedMotion} />
      <GlobalStyles styles={belowTheHeader} />
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        pauseOnHover
        pauseOnFocusLoss
        draggable
        draggablePercent={80}
        closeOnClick
        newestOnTop
        hotKeys={(event) => event.altKey && event.code === 'KeyT'}
        theme="colored"
      />
    </>
  );
}
