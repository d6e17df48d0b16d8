import { useCallback, useMemo, useState } from 'react';
import type { DataColumn } from './types.ts';

const PREFIX = 'cab.columns.';

function readStored(key: string): string[] | null {
  try {
    const raw = window.localStorage.getItem(PREFIX + key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((v) => typeof v === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Which optional columns are hidden, kept per table in localStorage (SPEC 3 "client-held list
 * state: selected columns").
 */
export function useColumnVisibility<R>(storageKey: string, columns: readonly DataColumn<R>[]) {
  const [hiddenList, setHiddenList] = useState<string[]>(
    () => readStored(storageKey) ?? columns.filter((c) => c.optional && c.hiddenByDefault).map((c) => c.key),
  );
  const hidden = useMemo(() => new Set(hiddenList), [hiddenList]);

  const toggle = useCallback(
    (key: string) => {
      setHiddenList((current) => {
        const next = current.includes(key) ? current.filter((k) => k !== key) : [...current, key];
        try {
          window.localStorage.setItem(PREFIX + storageKey, JSON.stringify(next));
        } catch {
          // Storage unavailable: the choice lasts for this page only.
        }
        return next;
      });
    },
    [storageKey],
  );

  return { hidden, toggle };
}
