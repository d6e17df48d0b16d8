import { formatWireMoney, INVOICE_WEB_TEXT } from '@cab/shared';
import { nowOf, type RequestContext } from '../../../kit/context.ts';
import { findUserWithCompany } from '../../auth/index.ts';
import { appData, enqueueTemplate, userData } from '../../email/index.ts';
import { money, receivedAtOf } from '../common.ts';
import type * as repo from '../repository.ts';
import { keepReceipt } from './receipt.ts';

/** Queues the payment_receipt e-mail to the invoice's customer, in the transaction that applied the payment. */
export async function queueReceipt(ctx: RequestContext, p: repo.PaymentRecord, invoice: repo.InvoiceRecord) {
  // The paper is fixed as the mail goes out: both say the same moment.
  await keepReceipt(ctx, p);
  if (p.method === 'CREDIT') return;
  const found = await findUserWithCompany(ctx.db, invoice.customerId);
  if (!found) return;
  const { user } = found;
  const at = receivedAtOf(p) ?? nowOf(ctx);
  await enqueueTemplate(ctx, 'payment_receipt', user.email, {
    user: userData(user),
    order: { id: invoice.orderId, name: invoice.orderName, total_price: formatWireMoney(money(invoice.total)) },
    app: appData(ctx.config),
    payment: {
      amount: formatWireMoney(money(p.amount)),
      method: INVOICE_WEB_TEXT.methodLabels[p.method],
      date: at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      invoice: invoice.number,
      reference: p.reference,
    },
  });
}
