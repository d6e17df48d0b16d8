import {
  GROUP_PREMIUM_KINDS,
  type GroupPremiumKind,
  ORDER_TEXT,
  type OrderGroupInput,
  PREMIUM_SLOTS,
  type PremiumType,
  groupRuleErrors as sharedGroupRuleErrors,
} from '@cab/shared';
import type { RequestContext } from '../../../kit/context.ts';
import {
  type LineItemRef,
  lineItemsForPricing,
  type PremiumRef,
  premiumsForPricing,
  validateCombination,
} from '../../catalog/index.ts';
import type * as repo from '../repository.ts';
import { premiumIdsOf } from '../wire.ts';

/**
 * A draft's groups checked against SPEC 5's group rules and today's catalogue. A draft may be
 * saved with errors: each group carries its messages (SPEC 5's rules first, in SPEC's order, then
 * the server's checks), and the order's error_count is their sum.
 */

const PREMIUM_KIND_TYPE: Record<GroupPremiumKind | 'finished_side', PremiumType> = {
  ...(Object.fromEntries(PREMIUM_SLOTS.map((s) => [s.kind, s.type])) as Record<GroupPremiumKind, PremiumType>),
  finished_side: 'FINISHED_SIDE',
};

interface PreparedItem {
  clientId: string;
  parentClientId: string | null;
  isAttachment: boolean;
  qty: number;
  hinge: string | null;
  finishedSide: PremiumRef | null;
  /** Today's catalogue line; null only when repricing a stored line whose catalogue line is gone. */
  lineItem: LineItemRef | null;
  /** The stored line this one reprices (recalculate), or keeps (`frozen`), if any. */
  stored?: repo.OrderItemRow;
  /** Keep the stored line's frozen unit price (an unchanged line of a submitted order being edited). */
  frozen?: boolean;
}

export interface PreparedGroup {
  name: string;
  premiums: Record<GroupPremiumKind, PremiumRef | null>;
  items: PreparedItem[];
  errors: string[];
  /** The stored group this one reprices, if any. */
  storedId?: number;
}

/** An item of a group as given: the wire input, or a stored line being repriced. */
interface ItemSource {
  _id: string;
  line_item: number | null;
  qty: number;
  hinge?: string | null;
  finished_side?: number | null;
  is_attachment: boolean;
  parentId?: string | null;
  stored?: repo.OrderItemRow;
}
export interface GroupSource {
  name?: string | null;
  premiums: OrderGroupInput['premiums'];
  items: ItemSource[];
  storedId?: number;
}

/** SPEC 5's group rules (packages/shared) on a prepared group; a line not in the catalogue has no doors or drawers. */
function groupRuleErrors(group: Pick<PreparedGroup, 'premiums' | 'items'>): string[] {
  return sharedGroupRuleErrors(
    group.premiums,
    group.items.map((i) => ({
      isAttachment: i.isAttachment,
      baseDoors: i.lineItem?.nbBaseDoor ?? 0,
      wallDoors: i.lineItem?.nbWallDoor ?? 0,
      tallDoors: i.lineItem?.nbTallDoor ?? 0,
      drawers: i.lineItem?.nbDrawer ?? 0,
    })),
  );
}

/**
 * Resolves every premium and line item of `groups` from today's catalogue, puts each attachment
 * right after its parent (SPEC 4), and collects each group's errors.
 */
export async function prepareGroups(ctx: RequestContext, groups: readonly GroupSource[]): Promise<PreparedGroup[]> {
  const premiumIds = new Set<number>();
  const lineItemIds = new Set<number>();
  for (const g of groups) {
    for (const kind of GROUP_PREMIUM_KINDS) if (g.premiums[kind]) premiumIds.add(g.premiums[kind]!);
    for (const it of g.items) {
      if (it.line_item !== null) lineItemIds.add(it.line_item);
      if (it.finished_side) premiumIds.add(it.finished_side);
    }
  }
  const [premiumRows, lineRows] = await Promise.all([
    premiumsForPricing(ctx.db, [...premiumIds]),
    lineItemsForPricing(ctx.db, [...lineItemIds]),
  ]);
  const premiums = new Map(premiumRows.map((p) => [p.id, p]));
  const lines = new Map(lineRows.map((l) => [l.id, l]));
  const seenClientIds = new Set<string>();

  const out: PreparedGroup[] = [];
  for (const g of groups) {
    const serverErrors: string[] = [];
    const premiumOf = (kind: GroupPremiumKind | 'finished_side', id: number | null | undefined) => {
      if (!id) return null;
      const p = premiums.get(id);
      if (!p || p.type !== PREMIUM_KIND_TYPE[kind]) {
        serverErrors.push(ORDER_TEXT.premiumNotFound(id));
        return null;
      }
      return p;
    };
    const groupPremiums = Object.fromEntries(
      GROUP_PREMIUM_KINDS.map((kind) => [kind, premiumOf(kind, g.premiums[kind])]),
    ) as PreparedGroup['premiums'];

    // Resolve the lines; a line whose catalogue item does not exist is dropped with an error.
    const resolved: PreparedItem[] = [];
    for (const it of g.items) {
      if (seenClientIds.has(it._id)) serverErrors.push(ORDER_TEXT.duplicateClientId(it._id));
      seenClientIds.add(it._id);
      const li = it.line_item === null ? undefined : lines.get(it.line_item);
      if (!li && !it.stored) {
        serverErrors.push(ORDER_TEXT.lineItemNotFound(it.line_item ?? it._id));
        continue;
      }
      if (!li && it.stored) serverErrors.push(ORDER_TEXT.lineItemNotFound(it.stored.manufacturerCode));
      if (li && it.is_attachment && !li.isAttachment)
        serverErrors.push(ORDER_TEXT.notAnAttachment(li.manufacturerCode));
      if (li && !it.is_attachment && li.isAttachment) serverErrors.push(ORDER_TEXT.isAnAttachment(li.manufacturerCode));
      resolved.push({
        clientId: it._id,
        parentClientId: it.is_attachment ? (it.parentId ?? null) : null,
        isAttachment: it.is_attachment,
        qty: it.qty,
        hinge: it.hinge ?? null,
        // Attachments take no premiums (DOMAIN "Item pricing").
        finishedSide: it.is_attachment ? null : premiumOf('finished_side', it.finished_side),
        lineItem: li ?? null,
        ...(it.stored ? { stored: it.stored } : {}),
      });
    }

    // Attachments right after their parent; an attachment whose parent is not an earlier item of
    // the group stays where it was and is an error.
    const blocks = new Map<string, PreparedItem[]>();
    const ordered: PreparedItem[][] = [];
    let orphan = false;
    for (const it of resolved) {
      if (!it.isAttachment) {
        const block = [it];
        if (!blocks.has(it.clientId)) blocks.set(it.clientId, block);
        ordered.push(block);
        continue;
      }
      const parent = it.parentClientId === null ? undefined : blocks.get(it.parentClientId);
      if (parent) parent.push(it);
      else {
        orphan = true;
        ordered.push([it]);
      }
    }
    if (orphan) serverErrors.push(ORDER_TEXT.attachmentWithoutParent);
    const items = ordered.flat();

    // Door styles, wood species and finish option must go together (POST /api/catalog/validate/).
    const wood = groupPremiums.wood_species;
    if (wood) {
      const doorStyles = [groupPremiums.base_door_style, groupPremiums.wall_door_style, groupPremiums.tall_door_style]
        .filter((p) => p !== null)
        .map((p) => p.id);
      const { errors } = await validateCombination(ctx, {
        door_styles: [...new Set(doorStyles)],
        wood_species: wood.id,
        finish_option: groupPremiums.finish_option?.id ?? null,
      });
      serverErrors.push(...errors);
    }

    const group = { premiums: groupPremiums, items };
    out.push({
      name: g.name ?? '',
      premiums: groupPremiums,
      items,
      errors: [...groupRuleErrors(group), ...new Set(serverErrors)],
      ...(g.storedId !== undefined ? { storedId: g.storedId } : {}),
    });
  }
  return out;
}

/** The wire's groups as sources for `prepareGroups`. */
export const toSources = (groups: readonly OrderGroupInput[]): GroupSource[] =>
  groups.map((g) => ({
    name: g.name ?? '',
    premiums: g.premiums,
    items: g.items.map((i) => ({ ...i, parentId: i.parentId ?? null, finished_side: i.finished_side ?? null })),
  }));

/** The stored groups and lines as sources for `prepareGroups` (recalculate, fix). */
export function storedSources(
  groups: readonly repo.OrderGroupRow[],
  items: readonly repo.OrderItemRow[],
): GroupSource[] {
  return groups.map((g) => ({
    name: g.name,
    storedId: g.id,
    premiums: premiumIdsOf(g),
    items: items
      .filter((it) => it.groupId === g.id)
      .map((it) => ({
        _id: it.clientId,
        line_item: it.lineItemId,
        qty: it.qty,
        hinge: it.hinge,
        finished_side: it.finishedSideId,
        is_attachment: it.isAttachment,
        parentId: it.parentClientId,
        stored: it,
      })),
  }));
}
