export * from './contract.ts';
export * from './floor-text.ts';
export * from './schemas.ts';
export * from './text.ts';
