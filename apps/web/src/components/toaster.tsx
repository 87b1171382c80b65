import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@sk-tanaw/contract';

/** Toasts of spec part 1 section 9: top-right, 5 s, pause on hover/focus loss, drag 80%, Alt+T. */
export function Toaster() {
  return (
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
  );
}
