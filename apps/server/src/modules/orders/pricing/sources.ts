/**
 * What the engine's input (inputs.ts) reads, each from its owner: the order's own rows from this
 * module's repository, the customer from auth, the shipping state from accounts and the finance
 * rules from finance (decision 0023). One name per read, so inputs.ts reads them as before.
 */
export { shippingState as defaultShippingState } from '../../accounts/index.ts';
export { customerOf } from '../../auth/index.ts';
export { boundDiscountFor, discountCodeById, paymentOptionById, surchargesFor } from '../../finance/index.ts';
export { type OrderGroupRow, type OrderItemRow, type OrderRow, orderById, updateOrder } from '../repository.ts';
