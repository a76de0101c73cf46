export * from './auth.ts';
export * from './deal-counts.ts';
export * from './documents.ts';
export * from './knowledge.ts';
export * from './organizations.ts';
export * from './pipeline.ts';
export * from './scoring.ts';
export * from './users.ts';
