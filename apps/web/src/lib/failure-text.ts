import { ApiError } from './api-error.ts';

/** "{detail or message or Unknown error}" of the spec's failure alerts (spec 02 §8). */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return 'Unknown error';
}

/** 'Failed to {action}: {detail or message or Unknown error}' (spec 02 §8). */
export function failureMessage(action: string, error: unknown): string {
  return `Failed to ${action}: ${failureText(error)}`;
}
