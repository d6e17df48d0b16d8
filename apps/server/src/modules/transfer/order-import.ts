import { readFile } from 'node:fs/promises';
import {
  type DroppedLine,
  ERROR_CODES,
  HINGES,
  type ImportProblem,
  NO_GROUP_PREMIUMS,
  ORDER_IMPORT_AUDIT_ACTION,
  ORDER_LIMITS,
  ORDER_TEXT,
  type OrderGroupInput,
  type OrderImportResult,
  type OrderItemInput,
  orderCreateSchema,
  TRANSFER_TEXT,
} from '@cab/shared';
import type { MultipartContent } from '../../http/multipart.ts';
import type { Ctx } from '../../kit/context.ts';
import { badRequest, fieldError } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { type LineItemTransferRef, lineItemsForTransfer } from '../catalog/index.ts';
import { createOrder } from '../orders/index.ts';
import { type DesignFile, type DesignItem, flatItems, parseDesign2020 } from './design2020.ts';

/** The multipart field of the design file (SPEC 7 importorder). */
export const ORDER_FILE_FIELD = 'order_file';

const isTrue = (v: string | undefined) => v === 'true' || v === 'on' || v === '1';
const first = (fields: Record<string, string[]>, name: string) => fields[name]?.[0]?.trim() || undefined;

/** Quantity as the order takes it: a whole number 1..ORDER_LIMITS.qty; missing means 1. */
function quantityOf(raw: string | null): number | null {
  if (raw === null) return 1;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= ORDER_LIMITS.qty ? n : null;
}

const hingeOf = (raw: string | null) => HINGES.find((h) => h.toLowerCase() === raw?.toLowerCase()) ?? null;

/**
 * A 2020 design -> the groups of a BID: one group per Design, one line per Item, an Item inside
 * an Item its attachment. Every item that cannot become a line is listed with its line in the
 * file and why; none is dropped silently.
 */
function designToGroups(file: DesignFile, catalogue: Map<string, LineItemTransferRef>) {
  const unknown: ImportProblem[] = [];
  const dropped: DroppedLine[] = [];
  const groups: OrderGroupInput[] = [];
  let imported = 0;
  let next = 0;
  let room = '';
  /** Lists the item with why; null, so a refused line returns it. */
  const problem = (it: DesignItem, reason: string): null => {
    unknown.push({ line: it.line, user_code: it.userCode, reason });
    dropped.push({ line: it.line, code: it.userCode, room, reason });
    return null;
  };
  /** Problems for an item's attachments when the item itself was not imported. */
  const orphans = (it: DesignItem) => {
    for (const child of it.children) {
      problem(child, TRANSFER_TEXT.parentNotImported);
      orphans(child);
    }
  };
  const lineOf = (it: DesignItem, parentId: string | null): OrderItemInput | null => {
    if (!it.userCode) return problem(it, TRANSFER_TEXT.missingCode);
    const row = catalogue.get(it.userCode);
    if (!row) return problem(it, TRANSFER_TEXT.unknownCode);
    if (parentId === null && row.isAttachment) return problem(it, TRANSFER_TEXT.attachmentAsCabinet);
    if (parentId !== null && !row.isAttachment) return problem(it, TRANSFER_TEXT.cabinetAsAttachment);
    const qty = quantityOf(it.quantity);
    if (qty === null) return problem(it, TRANSFER_TEXT.badQuantity(ORDER_LIMITS.qty));
    next += 1;
    return {
      _id: `2020-${next}`,
      line_item: row.id,
      qty,
      hinge: hingeOf(it.hinge),
      finished_side: null,
      is_attachment: parentId !== null,
      parentId,
    };
  };
  for (const design of file.designs) {
    room = design.name;
    const items: OrderItemInput[] = [];
    for (const it of design.items) {
      const line = lineOf(it, null);
      if (!line) {
        orphans(it);
        continue;
      }
      items.push(line);
      for (const child of it.children) {
        const attached = lineOf(child, line._id);
        if (attached) items.push(attached);
        // Attachments hold no attachments of their own.
        orphans(child);
      }
    }
    imported += items.length;
    if (items.length > 0) {
      groups.push({
        name: design.name.slice(0, ORDER_LIMITS.groupName),
        premiums: { ...NO_GROUP_PREMIUMS },
        items,
      });
    }
  }
  unknown.sort((a, b) => a.line - b.line);
  dropped.sort((a, b) => a.line - b.line);
  return { groups, imported, failed: unknown.length, unknown, dropped };
}

/** The catalogue rows of every code the file names, by code. */
export async function catalogueOf(ctx: Ctx, file: DesignFile) {
  const codes = [
    ...new Set(
      flatItems(file)
        .map((i) => i.userCode)
        .filter(Boolean),
    ),
  ];
  const rows = await lineItemsForTransfer(ctx.db, { codes });
  return new Map(rows.map((r) => [r.manufacturerCode, r]));
}

/**
 * POST /api/orders/importorder/: multipart name, order_file, created_by (the customer an ADMIN
 * imports for; a customer's import is their own), preview. The BID is made by the orders module's
 * createOrder, as the builder's create: priced, validated, audited.
 */
export async function importOrder(ctx: Ctx, content: MultipartContent): Promise<OrderImportResult> {
  const upload = content.files.find((f) => f.field === ORDER_FILE_FIELD) ?? content.files[0];
  if (!upload) throw fieldError(ERROR_CODES.validation, ORDER_FILE_FIELD, TRANSFER_TEXT.fileMissing);
  const createdBy = first(content.fields, 'created_by');
  let customer: number | null = null;
  if (createdBy !== undefined) {
    const id = Number(createdBy);
    if (!Number.isInteger(id) || id < 1)
      throw fieldError(ERROR_CODES.validation, 'created_by', TRANSFER_TEXT.createdByInvalid);
    // A customer naming themself is their own import; naming anyone else is refused by createOrder.
    customer = id === ctx.actor.id && ctx.actor.role !== 'ADMIN' ? null : id;
  }
  const file = parseDesign2020(await readFile(upload.path), ORDER_FILE_FIELD);
  // Without a name, the file's Project Name (issue 29), clipped to what an order's name holds.
  const name =
    first(content.fields, 'name') ??
    file.project?.slice(0, ORDER_LIMITS.name) ??
    upload.filename.replace(/\.xml$/i, '');
  if (file.designs.length > ORDER_LIMITS.groups) {
    throw fieldError(ERROR_CODES.validation, ORDER_FILE_FIELD, TRANSFER_TEXT.tooManyDesigns(ORDER_LIMITS.groups));
  }
  const result = designToGroups(file, await catalogueOf(ctx, file));
  if (result.imported > ORDER_LIMITS.lines) {
    throw fieldError(ERROR_CODES.validation, ORDER_FILE_FIELD, ORDER_TEXT.tooManyLines(ORDER_LIMITS.lines));
  }
  const body = orderCreateSchema.safeParse({ name, customer, groups: result.groups });
  if (!body.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of body.error.issues) {
      const key = issue.path[0] === 'groups' ? ORDER_FILE_FIELD : String(issue.path[0] ?? ORDER_FILE_FIELD);
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    const [firstField] = Object.values(fields);
    throw badRequest(ERROR_CODES.validation, firstField?.[0] ?? TRANSFER_TEXT.notDesign, fields);
  }
  const counts = { imported: result.imported, failed: result.failed };
  const order = isTrue(first(content.fields, 'preview'))
    ? null
    : await transaction(ctx, async (tx) => {
        const created = await createOrder(tx, body.data);
        // The dropped lines stay on the order (its timeline), not only in this answer (issue 29).
        await audit(tx, {
          entity: 'order',
          id: created.id,
          action: ORDER_IMPORT_AUDIT_ACTION,
          before: null,
          after: { file: upload.filename, project: file.project, ...counts, dropped: result.dropped },
        });
        return created;
      });
  return { order, name: body.data.name, ...counts, unknown: result.unknown, dropped: result.dropped };
}
