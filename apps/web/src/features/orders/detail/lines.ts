/**
 * A group's lines as the shop reads them: each cabinet followed by its attachments (an
 * attachment's parentId is its cabinet's `_id`). An attachment whose cabinet is not in the group
 * stays where it was.
 */
export function attachmentsUnderCabinets<T extends { _id: string; is_attachment: boolean; parentId: string | null }>(
  items: readonly T[],
): { item: T; parent: T | null }[] {
  const ids = new Map(items.map((i) => [i._id, i]));
  const parentOf = (i: T) => (i.is_attachment && i.parentId ? (ids.get(i.parentId) ?? null) : null);
  const children = new Map<string, T[]>();
  for (const i of items) {
    const parent = parentOf(i);
    if (parent) children.set(parent._id, [...(children.get(parent._id) ?? []), i]);
  }
  const out: { item: T; parent: T | null }[] = [];
  for (const i of items) {
    if (parentOf(i)) continue;
    out.push({ item: i, parent: null });
    for (const child of children.get(i._id) ?? []) out.push({ item: child, parent: i });
  }
  return out;
}
