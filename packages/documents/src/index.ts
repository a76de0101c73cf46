export * from './sniff.ts';
export * from './types.ts';
