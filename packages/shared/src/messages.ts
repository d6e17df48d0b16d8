/**
 * Every user-facing message string of the product (message-list.ts), as one `MSG` namespace:
 * `MSG.required`, `MSG.deleted(code)`. A namespace of single exports, not an object, so a bundle
 * carries only the messages its code reads: /login's first load reads four (decision 0066).
 */
export * as MSG from './message-list.ts';
