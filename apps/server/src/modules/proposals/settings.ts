import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  ERROR_CODES,
  PROPOSAL_TEXT,
  type ProposalSettings,
  type ProposalSettingsPatch,
  parsePercent,
  parseTaxRate,
} from '@cab/shared';
import type { FastifyRequest } from 'fastify';
import { withMultipart } from '../../http/multipart.ts';
import type { Ctx, RequestContext } from '../../kit/context.ts';
import { fieldError, notFound } from '../../kit/errors.ts';
import { afterCommit, transaction } from '../../kit/transaction.ts';
import { mediaUrl } from '../../storage/index.ts';
import { companyName } from '../accounts/index.ts';
import { audit } from '../audit/index.ts';
import { sniffImage } from '../catalog/index.ts';
import * as repo from './repository.ts';
import { type SettingsValues, toWireSettings } from './wire.ts';

/**
 * A dealer's proposal settings (issue 37): a company's (its manager or ADMIN, under
 * /api/accounts/companies/{id}/proposal_settings/) or a personal customer's own (/api/accounts/me/
 * proposal_settings/). Never saved: the defaults below.
 */
const DEFAULTS: SettingsValues = {
  displayName: '',
  address: '',
  phone: '',
  licenceNumber: '',
  defaultMarkup: 0,
  defaultTerms: '',
  taxRate: 0,
  validityDays: 30,
  acceptAction: 'LEAVE',
  logoPath: null,
  logoType: null,
};

/** Whose settings a proposal of this order uses: its company's, else its personal customer's. */
export const ownerOfOrder = (o: { customerId: number; companyId: number | null }): repo.SettingsOwner =>
  o.companyId !== null ? { companyId: o.companyId } : { userId: o.customerId };

export async function settingsFor(ctx: RequestContext, owner: repo.SettingsOwner): Promise<SettingsValues> {
  return (await repo.settingsOf(ctx.db, owner)) ?? { ...DEFAULTS };
}

const wire = (row: repo.SettingsRow | null) => toWireSettings(row, row?.logoPath ? mediaUrl(row.logoPath) : null);

/** ADMIN reaches every company, a manager only its own (another's: 404). */
async function companyOwner(ctx: Ctx, companyId: number): Promise<repo.SettingsOwner> {
  if (ctx.actor.role !== 'ADMIN' && ctx.actor.companyId !== companyId) throw notFound();
  if ((await companyName(ctx.db, companyId)) === null) throw notFound();
  return { companyId };
}
const myOwner = (ctx: Ctx): repo.SettingsOwner => ({ userId: ctx.actor.id });

export async function getCompanySettings(ctx: Ctx, companyId: number): Promise<ProposalSettings> {
  return wire(await repo.settingsOf(ctx.db, await companyOwner(ctx, companyId)));
}
export const getMySettings = async (ctx: Ctx) => wire(await repo.settingsOf(ctx.db, myOwner(ctx)));

async function patch(ctx: Ctx, owner: repo.SettingsOwner, body: ProposalSettingsPatch) {
  return transaction(ctx, async (tx) => {
    const before = await repo.settingsOf(tx.db, owner);
    const row = await repo.saveSettings(tx.db, owner, {
      ...(body.display_name !== undefined ? { displayName: body.display_name } : {}),
      ...(body.address !== undefined ? { address: body.address } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.licence_number !== undefined ? { licenceNumber: body.licence_number } : {}),
      ...(body.default_markup_percent !== undefined
        ? { defaultMarkup: parsePercent(body.default_markup_percent)! }
        : {}),
      ...(body.default_terms !== undefined ? { defaultTerms: body.default_terms } : {}),
      ...(body.tax_rate !== undefined ? { taxRate: parseTaxRate(body.tax_rate)! } : {}),
      ...(body.validity_days !== undefined ? { validityDays: body.validity_days } : {}),
      ...(body.accept_action !== undefined ? { acceptAction: body.accept_action } : {}),
      ...(body.remove_logo ? { logoPath: null, logoType: null } : {}),
    });
    if (body.remove_logo && before?.logoPath) {
      const old = before.logoPath;
      await afterCommit(tx, () => tx.storage.delete(old));
    }
    await audit(tx, { entity: 'proposal_settings', id: row.id, action: 'update', after: { ...body } });
    return wire(row);
  });
}

export const updateCompanySettings = async (ctx: Ctx, companyId: number, body: ProposalSettingsPatch) =>
  patch(ctx, await companyOwner(ctx, companyId), body);
export const updateMySettings = (ctx: Ctx, body: ProposalSettingsPatch) => patch(ctx, myOwner(ctx), body);

const LOGO_FIELD = 'logo';
const LOGO_TYPES = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' } as const;

/** A png, jpeg or gif (sniffed from its bytes) of at most the uploads' size replaces the logo. */
async function uploadLogo(ctx: Ctx, owner: repo.SettingsOwner, req: FastifyRequest) {
  return withMultipart(req, ctx.config.uploadMaxBytes, LOGO_FIELD, async (content) => {
    const file = content.files.find((f) => f.field === LOGO_FIELD);
    if (!file) throw fieldError(ERROR_CODES.validation, LOGO_FIELD, PROPOSAL_TEXT.logoRequired);
    const bytes = await readFile(file.path);
    const format = sniffImage(bytes);
    if (!format) throw fieldError(ERROR_CODES.validation, LOGO_FIELD, PROPOSAL_TEXT.logoType);
    const key = `proposal-logos/${randomUUID()}.${format === 'jpeg' ? 'jpg' : format}`;
    await ctx.storage.put(key, bytes, LOGO_TYPES[format]);
    try {
      return await transaction(ctx, async (tx) => {
        const before = await repo.settingsOf(tx.db, owner);
        const row = await repo.saveSettings(tx.db, owner, { logoPath: key, logoType: LOGO_TYPES[format] });
        const old = before?.logoPath;
        if (old) await afterCommit(tx, () => tx.storage.delete(old));
        await audit(tx, { entity: 'proposal_settings', id: row.id, action: 'logo' });
        return wire(row);
      });
    } catch (err) {
      await ctx.storage.delete(key);
      throw err;
    }
  });
}

export const uploadCompanyLogo = async (ctx: Ctx, companyId: number, req: FastifyRequest) =>
  uploadLogo(ctx, await companyOwner(ctx, companyId), req);
export const uploadMyLogo = (ctx: Ctx, req: FastifyRequest) => uploadLogo(ctx, myOwner(ctx), req);
