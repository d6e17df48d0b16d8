/**
 * Pure helpers of the list state (no React): which URL parameters belong to a list, what differs
 * from the defaults, and the per-tab memory of each list's last state in sessionStorage.
 */

export type Params = Record<string, string>;

/** The URL name of a list parameter: `prefix.name` on screens with several lists, else `name`. */
export const paramName = (prefix: string | undefined, name: string) => (prefix ? `${prefix}.${name}` : name);

/** The list's own values found in the URL; `null` when none of its parameters is there. */
export function readParams(search: URLSearchParams, defaults: Params, prefix?: string): Params | null {
  const found: Params = {};
  let any = false;
  for (const name of Object.keys(defaults)) {
    const value = search.get(paramName(prefix, name));
    if (value !== null) {
      found[name] = value;
      any = true;
    }
  }
  return any ? found : null;
}

/** The values that differ from the defaults: what the URL and the memory keep. */
export function changedParams(values: Params, defaults: Params): Params {
  const changed: Params = {};
  for (const [name, value] of Object.entries(values)) {
    if (name in defaults && value !== defaults[name]) changed[name] = value;
  }
  return changed;
}

/** URL changes for the given values: a default value removes its parameter. */
export function urlPatch(values: Params, defaults: Params, prefix?: string): Record<string, string | null> {
  const patch: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(values)) {
    if (name in defaults) patch[paramName(prefix, name)] = value === defaults[name] ? null : value;
  }
  return patch;
}

/** `search` with `patch` applied, as a string without the leading '?'. */
export function applyPatch(search: string, patch: Record<string, string | null>): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next.toString();
}

/** A positive integer parameter, or `fallback` when it is missing, malformed or not below `below`. */
export function positiveInt(value: string | undefined, fallback: number, below = Number.POSITIVE_INFINITY): number {
  const n = Number(value);
  return value !== undefined && /^\d+$/.test(value) && n >= 1 && n < below ? n : fallback;
}

const STORAGE_PREFIX = 'cab.list.';

/** The last state of a list in this browser tab (SPEC 3 client-held list state). */
export function readRemembered(key: string): Params {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_PREFIX + key) ?? 'null');
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(
      Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch {
    return {};
  }
}

export function remember(key: string, changed: Params): void {
  try {
    window.sessionStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(changed));
  } catch {
    // Storage unavailable: the state lasts as long as the URL.
  }
}
