export * from './chunks.ts';
export * from './types.ts';
