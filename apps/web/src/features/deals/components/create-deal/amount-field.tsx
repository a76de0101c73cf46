import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { AMOUNT_HINT, parseAmount } from '../../../../lib/amount.ts';
import { formatEuroCompact } from '../../../../lib/format/money.ts';
import { AMOUNT_MISSING } from '../../lib/create-deal-form.ts';

/**
 * The requested amount: what it reads as while it is one, why not once something unusable is
 * typed. A blank amount is no error: the disabled submit button already says it is needed.
 */
export function AmountField({
  label,
  typed,
  error,
  registration,
  autoFocus,
}: {
  label: string;
  typed: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  autoFocus?: boolean;
}) {
  const shownError = error === AMOUNT_MISSING ? undefined : error;
  const parsed = parseAmount(typed);
  const hint =
    parsed.ok && parsed.value ? `${formatEuroCompact(parsed.value)} requested` : `In euros, ${AMOUNT_HINT}`;
  return (
    <TextField
      label={label}
      required
      autoFocus={autoFocus}
      autoComplete="off"
      placeholder="e.g. 5000000 or 2.5m"
      hint={shownError ? undefined : hint}
      error={shownError}
      {...registration}
    />
  );
}
