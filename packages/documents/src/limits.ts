import type { ExtractionLimits } from './types.ts';

/**
 * Bounds for one extraction. They are sized for the 10 MB upload limit: a genuine filing of a few
 * hundred pages or a workbook of a hundred sheets stays far inside them, while a hostile file
 * (zip bomb, 5,000-page PDF, million-cell sheet) is cut or refused well before it can hurt the server.
 */
export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = Object.freeze({
  timeoutMs: 30_000,
  maxMemoryMb: 256,
  maxPages: 1_000,
  maxCells: 200_000,
  maxInflatedBytes: 200 * 1024 * 1024,
  maxTextChars: 5_000_000,
});

/** The defaults with the caller's overrides; an override that is not a positive number is ignored. */
export function resolveLimits(overrides: Partial<ExtractionLimits> = {}): ExtractionLimits {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS };
  for (const key of Object.keys(limits) as (keyof ExtractionLimits)[]) {
    const value = overrides[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) limits[key] = value;
  }
  return limits;
}
