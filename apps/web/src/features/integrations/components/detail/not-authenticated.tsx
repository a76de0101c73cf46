import { Alert } from '../../../../components/ui/alert.tsx';

export const AUTHENTICATE_FIRST_MESSAGE = 'Please authenticate with Microsoft 365 first';

/** What a Microsoft 365 screen shows before the account is connected (spec 03 §8). */
export function NotAuthenticated() {
  return <Alert tone="info">{AUTHENTICATE_FIRST_MESSAGE}</Alert>;
}
