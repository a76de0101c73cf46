export * from './auth.ts';
export * from './organizations.ts';
export * from './users.ts';
export * from './pipeline.ts';
