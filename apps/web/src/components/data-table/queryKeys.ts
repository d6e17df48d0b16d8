/**
 * The query keys of one resource, so every list, detail and mutation names the cache the same
 * way: `all` (everything of the resource), `lists()` / `list(params)`, `details()` / `detail(id)`.
 * A mutation invalidates `lists()` when rows change and `detail(id)` (or `all`) when one does.
 */
export function resourceKeys<const S extends readonly unknown[]>(...scope: S) {
  return {
    all: scope,
    lists: () => [...scope, 'list'] as const,
    list: <P>(params: P) => [...scope, 'list', params] as const,
    details: () => [...scope, 'detail'] as const,
    detail: <I>(id: I) => [...scope, 'detail', id] as const,
  };
}

/**
 * The keys of several resources under one scope, named as their resources: `all` (the whole
 * scope) and each name's resourceKeys (`resourceFamily('invoices', ['payments'])` gives
 * `payments.detail(id)` = `['invoices', 'payments', 'detail', id]`).
 */
export function resourceFamily<const S extends string, const N extends string>(scope: S, names: readonly N[]) {
  const family = Object.fromEntries(names.map((name) => [name, resourceKeys(scope, name)]));
  return { all: [scope] as const, ...(family as { [K in N]: ReturnType<typeof resourceKeys<readonly [S, K]>> }) };
}
