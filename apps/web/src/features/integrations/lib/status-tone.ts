import type { PillTone } from '../../../components/ui/tone-pill.tsx';

/** Spec 03 §4: success/completed green, failed/error red, running blue (with a spinner), other yellow. */
export function runStatusTone(status: string): PillTone {
  const value = status.toLowerCase();
  if (value === 'success' || value === 'completed') return 'green';
  if (value === 'failed' || value === 'error') return 'red';
  if (value === 'running') return 'blue';
  return 'yellow';
}
