import type { ProviderContext } from 'notistack';

/**
 * Toasts (notistack) without notistack on /login's first load (decision 0064): the provider mounts
 * beside the app once a toast is wanted — a signed-in shell loading (app/shells.ts) or the first
 * toast — and this module hands its `enqueueSnackbar` to every caller. A toast asked for before
 * the provider is up waits for it, then shows.
 */
type Enqueue = ProviderContext['enqueueSnackbar'];

let ready: Enqueue | null = null;
let waiting: Parameters<Enqueue>[] = [];
let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toast provider (its code loads now), if it is not up yet. */
export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mounted provider's enqueue (Toaster); toasts asked for meanwhile show now. */
export function toastsReady(enqueue: Enqueue): void {
  ready = enqueue;
  const queued = waiting;
  waiting = [];
  for (const args of queued) enqueue(...args);
}

const enqueueSnackbar = ((...args: Parameters<Enqueue>) => {
  if (ready) return ready(...args);
  waiting.push(args);
  wantToasts();
  return '';
}) as Enqueue;

const TOASTS = { enqueueSnackbar };

/** notistack's useSnackbar, working before the provider is up. */
export function useSnackbar(): { enqueueSnackbar: Enqueue } {
  return TOASTS;
}
