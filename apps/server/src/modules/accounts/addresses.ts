import { addressSnapshot } from '@cab/db';
import { type Address, type addressBodySchema, ERROR_CODES, MSG, US_STATES } from '@cab/shared';
import type { z } from 'zod';
import type { Ctx } from '../../kit/context.ts';
import { fieldError, notFound, permissionDenied } from '../../kit/errors.ts';
import { transaction } from '../../kit/transaction.ts';
import { audit } from '../audit/index.ts';
import { findUserWithCompany } from '../auth/index.ts';
import { lookupPostalCode } from '../core/index.ts';
import { isAdmin, isManagerOf, isMemberOf, userNotFound } from './common.ts';
import * as repo from './repository.ts';

type AddressInput = z.output<typeof addressBodySchema>;
type Action = 'read' | 'create' | 'change';

/**
 * Whose addresses customer/{id}/address names (id = a user): a personal customer's own, or the
 * company's for a business user (shared by all its users).
 * Who may do what:
 * - read: an admin, the user itself, and every user of the same company;
 * - create: the same people (an employee may add the shipping address of a new job site);
 * - change or delete: an admin, the personal customer itself, and the company's managers
 *   (an employee of the company is refused with 403: it can see these addresses).
 * Anyone else gets 404, so other customers' addresses are not even confirmed to exist.
 */
async function addressOwner(ctx: Ctx, userId: number, action: Action): Promise<repo.AddressOwner> {
  const { actor } = ctx;
  const row = await findUserWithCompany(ctx.db, userId);
  if (!row) throw userNotFound();
  const u = row.user;
  if (u.accountType === 'P' && !u.isStaff && !u.isEmployee) {
    if (!isAdmin(actor) && actor.id !== u.id) throw userNotFound();
    return { userId: u.id };
  }
  if (u.accountType === 'B' && u.companyId) {
    if (isAdmin(actor)) return { companyId: u.companyId };
    if (!isMemberOf(actor, u.companyId)) throw userNotFound();
    if (action === 'change' && !isManagerOf(actor, u.companyId)) throw permissionDenied();
    return { companyId: u.companyId };
  }
  // Staff and admins have no customer addresses.
  throw userNotFound();
}

const addressNotFound = () => notFound(MSG.addressNotFound);

/** The postal code must exist (offline ZIP data) and lie in the chosen state. */
function checkPostalCode(body: AddressInput) {
  const { cities } = lookupPostalCode(body.postal_code);
  if (!cities.some((c) => c.state === body.state)) {
    const name = US_STATES.find((s) => s.code === body.state)?.name ?? body.state;
    throw fieldError(ERROR_CODES.invalidPostalCode, 'postal_code', MSG.postalCodeNotInState(name));
  }
}

/** The address book's answer: the fields an order keeps of an address, with its kind and default flag. */
const toAddress = (a: repo.AddressRow): Address => {
  const { id, ...fields } = addressSnapshot(a);
  return { id, kind: a.kind, ...fields, is_default: a.isDefault };
};

const columns = (b: AddressInput) => ({
  kind: b.kind,
  name: b.name,
  line1: b.line1,
  line2: b.line2,
  city: b.city,
  state: b.state,
  postalCode: b.postal_code,
  phone: b.phone,
  isDefault: b.is_default,
});

export async function list(ctx: Ctx, userId: number) {
  const owner = await addressOwner(ctx, userId, 'read');
  return (await repo.addressesOf(ctx.db, owner)).map(toAddress);
}

export async function add(ctx: Ctx, userId: number, body: AddressInput) {
  const owner = await addressOwner(ctx, userId, 'create');
  checkPostalCode(body);
  return transaction(ctx, async (tx) => {
    // The first address of a kind is its default; a new default replaces the old one.
    const isDefault = body.is_default || (await repo.countAddressesOfKind(tx.db, owner, body.kind)) === 0;
    if (isDefault) await repo.unsetDefaults(tx.db, owner, body.kind);
    const after = toAddress(await repo.insertAddress(tx.db, { ...owner, ...columns(body), isDefault }));
    await audit(tx, { entity: 'address', id: after.id, action: 'create', after });
    return after;
  });
}

/** An address of this owner, or 404. */
async function ownAddress(ctx: Ctx, owner: repo.AddressOwner, addressId: number) {
  const row = await repo.findAddress(ctx.db, owner, addressId);
  if (!row) throw addressNotFound();
  return toAddress(row);
}

export async function update(ctx: Ctx, userId: number, addressId: number, body: AddressInput) {
  const owner = await addressOwner(ctx, userId, 'change');
  const before = await ownAddress(ctx, owner, addressId);
  checkPostalCode(body);
  return transaction(ctx, async (tx) => {
    if (body.is_default) await repo.unsetDefaults(tx.db, owner, body.kind, addressId);
    const after = toAddress(await repo.updateAddress(tx.db, addressId, columns(body)));
    await audit(tx, { entity: 'address', id: addressId, action: 'update', before, after });
    return after;
  });
}

export async function remove(ctx: Ctx, userId: number, addressId: number) {
  const owner = await addressOwner(ctx, userId, 'change');
  const before = await ownAddress(ctx, owner, addressId);
  await transaction(ctx, async (tx) => {
    await repo.deleteAddress(tx.db, addressId);
    await audit(tx, { entity: 'address', id: addressId, action: 'delete', before });
  });
  return { detail: MSG.addressDeleted };
}
