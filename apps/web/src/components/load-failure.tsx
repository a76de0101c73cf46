import { ApiError, errorMessage } from '../lib/api-error.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';

/** A 404 (also another organisation's id): asking again cannot bring the thing back. */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * Why a screen's data did not load. A missing record says it is missing, with no "Try again"
 * (retrying a 404 only fails again); any other failure offers the retry.
 */
export function LoadFailure({
  error,
  what,
  missing,
  onRetry,
  className,
}: {
  error: unknown;
  /** 'the deal', as in "Could not load the deal". */
  what: string;
  /** What a 404 means here, e.g. "This deal does not exist, or it was deleted." */
  missing: string;
  onRetry: () => void;
  className?: string;
}) {
  if (isMissing(error)) {
    return (
      <Alert className={className}>
        <p>{missing}</p>
      </Alert>
    );
  }
  return (
    <Alert className={className}>
      <p>{errorMessage(error, `Could not load ${what}`)}</p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
