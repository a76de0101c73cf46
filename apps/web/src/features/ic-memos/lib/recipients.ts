/**
 * The email dialog's address fields (spec 02 §5): comma-separated, trimmed, empties dropped;
 * recipients required. Each address is checked the way the server will, so a typo is named here
 * rather than after a round trip.
 */

// The same shape zod's z.email() accepts: no spaces, one @, a dotted domain.
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const MAX_RECIPIENTS = 50;

export function splitAddresses(value: string): string[] {
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
}

/** The field's problem, or null when it is fine. */
export function addressProblem(value: string, required: boolean): string | null {
  const addresses = splitAddresses(value);
  if (addresses.length === 0) return required ? 'Enter at least one recipient.' : null;
  const bad = addresses.find((address) => !EMAIL.test(address));
  if (bad) return `${bad} is not an email address.`;
  if (addresses.length > MAX_RECIPIENTS) return `At most ${MAX_RECIPIENTS} addresses.`;
  return null;
}
