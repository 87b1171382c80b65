import { useSyncExternalStore } from 'react';
import type * as ToastLibrary from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';

type Library = typeof ToastLibrary;

let library: Promise<Library> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

function load(): Promise<Library> {
  if (!library) {
    wanted = true;
    for (const listener of listeners) {
      listener();
    }
    library = import('react-toastify');
  }
  return library;
}

function show(kind: 'success' | 'error', content: ToastContent, options?: ToastOptions): void {
  load()
    .then((module) => {
      module.toast[kind](content, options);
    })
    .catch((error: unknown) => {
      // The toast library could not be fetched (offline): the page itself goes on.
      console.error('The message could not be shown.', error);
    });
}

/**
 * The app's toasts (react-toastify's `toast.success` and `toast.error`), with the library
 * fetched on the first toast: most first visits to a page show none, and the library (about
 * 9 KB gzipped) stayed out of every page's first download this way. The toast shows once it is
 * there (react-toastify queues toasts raised before its container mounts).
 */
export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from the first toast on: the root layout mounts the toasts' container then. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(subscribe, () => wanted);
}
