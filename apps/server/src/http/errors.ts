// TEMPORARY (issue 16): the errors moved to kit/errors.ts, under the modules and http/ alike.
// Only the orders module still imports them from here; the lead points those imports at
// kit/errors.ts after merging the orders rework, then deletes this file.
export * from '../kit/errors.ts';
