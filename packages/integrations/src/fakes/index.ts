/**
 * Protocol-faithful local fakes of the providers, for tests and `npm run dev:fakes`. Not for
 * production code: they build their sample files with @atempo/documents' test generators.
 */
export * from './microsoft/index.ts';
