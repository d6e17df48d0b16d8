/**
 * A queue of error popups (SPEC 8) raised from outside React (the API client) and shown by
 * <ErrorDialogHost/>.
 */
export interface ErrorDialogItem {
  id: number;
  title: string;
  message: string;
  /** Auto-close after this many ms, without a button (extra.timer). */
  timer?: number;
  /** Shown under the message (the 500 transaction id). */
  transactionId?: string;
}

let items: ErrorDialogItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showErrorDialog(item: Omit<ErrorDialogItem, 'id'>): void {
  items = [...items, { ...item, id: nextId++ }];
  emit();
}

export function closeErrorDialog(id: number): void {
  items = items.filter((i) => i.id !== id);
  emit();
}

export function getErrorDialogs(): ErrorDialogItem[] {
  return items;
}

export function subscribeErrorDialogs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
