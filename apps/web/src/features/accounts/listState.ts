import { useSyncExternalStore } from 'react';

/**
 * SPEC 3 client-held list state of the users screen: the selected tab and the personal,
 * business and staff search texts. Kept in sessionStorage so they survive navigating away and
 * back (and a reload) for this tab, but not a new session.
 */
export type UsersTab = 'personal' | 'business' | 'staff';
export interface UsersListState {
  tab: UsersTab;
  personalSearch: string;
  businessSearch: string;
  staffSearch: string;
}

const KEY = 'cab.accounts.users';
const DEFAULTS: UsersListState = { tab: 'personal', personalSearch: '', businessSearch: '', staffSearch: '' };
const TABS: readonly UsersTab[] = ['personal', 'business', 'staff'];

function read(): UsersListState {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return DEFAULTS;
    const r = raw as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      tab: TABS.includes(r.tab as UsersTab) ? (r.tab as UsersTab) : 'personal',
      personalSearch: text(r.personalSearch),
      businessSearch: text(r.businessSearch),
      staffSearch: text(r.staffSearch),
    };
  } catch {
    return DEFAULTS;
  }
}

let state: UsersListState = typeof window === 'undefined' ? DEFAULTS : read();
const listeners = new Set<() => void>();

export function setUsersListState(patch: Partial<UsersListState>): void {
  state = { ...state, ...patch };
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage unavailable: the state lasts for this page load only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUsersListState(): UsersListState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => DEFAULTS,
  );
}
