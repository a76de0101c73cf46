import { ApiError } from '../../../lib/api-error.ts';

/** 'Failed to {action}: {detail or message or Unknown error}' (spec 02 §8). */
export function failureMessage(action: string, error: unknown): string {
  const reason =
    (error instanceof ApiError && error.detail) ||
    (error instanceof Error && error.message) ||
    'Unknown error';
  return `Failed to ${action}: ${reason}`;
}
