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
