import type { Draft } from './state.ts';

/**
 * Drafts are never lost: a new order's draft lives here until its first save; an existing
 * order's unsaved changes are kept here too (with the version they started from) until the
 * server has them, so closing the tab mid-edit loses nothing.
 */
const PREFIX = 'cab.orderDraft.';

/** Per signed-in user: one person's draft is never shown to the next one on the same device. */
let owner = 'anonymous';
export function setDraftOwner(userId: number | string | undefined): void {
  owner = userId === undefined ? 'anonymous' : String(userId);
}

const keyOf = (orderId: number | null) => `${PREFIX}${owner}.${orderId ?? 'new'}`;

export function readDraft(orderId: number | null): Draft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(orderId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Draft;
    return parsed && Array.isArray(parsed.groups) && typeof parsed.revision === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

export function writeDraft(draft: Draft): void {
  try {
    window.localStorage.setItem(keyOf(draft.orderId), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the draft lives on in the page (and autosave) only.
  }
}

export function clearDraft(orderId: number | null): void {
  try {
    window.localStorage.removeItem(keyOf(orderId));
  } catch {
    // Nothing to clear.
  }
}
