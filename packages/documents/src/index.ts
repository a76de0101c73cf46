export * from './analyst/index.ts';
export * from './chunks.ts';
export * from './company-names.ts';
export {
  type ExtractOptions,
  extractDocument,
  extractPdf,
  type PageShare,
  type PdfEngine,
  preferredPdfEngine,
} from './extract.ts';
export * from './funding-news/index.ts';
export { DEFAULT_EXTRACTION_LIMITS, resolveLimits } from './limits.ts';
export { extractInSandbox, type SandboxOptions } from './sandbox/extract-in-sandbox.ts';
export { activeSandboxes, MAX_CONCURRENT_SANDBOXES } from './sandbox/slots.ts';
export { idleWorkers } from './sandbox/worker-pool.ts';
export * from './sniff.ts';
export * from './types.ts';
