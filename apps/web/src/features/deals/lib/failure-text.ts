import { ApiError } from '../../../lib/api-error.ts';

/** "{detail or message or Unknown error}" of the spec's failure alerts (spec 02 §8). */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}
