export * from './allocate.ts';
export * from './custom-discount.ts';
export * from './discount-code.ts';
export * from './inputs.ts';
export * from './item.ts';
export * from './order.ts';
export * from './text.ts';
export * from './types.ts';
