export * from './analyst/index.ts';
export * from './types.ts';
