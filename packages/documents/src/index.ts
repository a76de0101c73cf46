export * from './analyst/index.ts';
export * from './chunks.ts';
export { extractDocument, extractPdf, type PdfEngine, preferredPdfEngine } from './extract.ts';
export { DEFAULT_EXTRACTION_LIMITS, resolveLimits } from './limits.ts';
export { extractInSandbox } from './sandbox/extract-in-sandbox.ts';
export { activeSandboxes, MAX_CONCURRENT_SANDBOXES } from './sandbox/slots.ts';
export * from './sniff.ts';
export * from './types.ts';
