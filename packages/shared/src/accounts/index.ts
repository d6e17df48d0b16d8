export * from './contract.ts';
export * from './names.ts';
export * from './schemas.ts';
export * from './settings-text.ts';
export * from './states.ts';
export * from './text.ts';
