/**
 * Plain values the web app's first load needs (sign-in, registration). This module imports no zod,
 * so the public pages stay light: import it as `@atempo/contracts/constants` there; the schema
 * modules build on the same values.
 */

export const MIN_PASSWORD_LENGTH = 8;

export const SUBSCRIPTION_TIERS = ['trial', 'startup', 'growth'] as const;
type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/** The plan facts of spec 01 §3, shown on the Register screen. */
export const PLANS: Record<
  SubscriptionTier,
  {
    label: string;
    price: string;
    users: number | null;
    deals: number | null;
    storage: string;
    features: string[];
  }
> = {
  trial: {
    label: 'Trial',
    price: 'Free',
    users: 5,
    deals: 100,
    storage: '10GB',
    features: ['AI agents', 'Document processing'],
  },
  startup: {
    label: 'Startup',
    price: '$299/mo',
    users: 25,
    deals: 1000,
    storage: '100GB',
    features: ['AI agents', 'Document processing', 'Market intelligence', 'API access'],
  },
  growth: {
    label: 'Growth',
    price: '$999/mo',
    users: 100,
    deals: null,
    storage: '1TB',
    features: ['AI agents', 'Document processing', 'Market intelligence', 'API access', 'Priority support'],
  },
};

/** Uploads (spec 01 §5): PDF, Word and Excel of at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10_485_760;
export const UPLOAD_SKIPPED_ALERT =
  'Some files were skipped. Only PDF, Word, and Excel files under 10MB are supported.';
export const UPLOAD_TOO_LARGE_DETAIL = 'The file is larger than 10 MB (10485760 bytes).';
export const UPLOAD_UNSUPPORTED_TYPE_DETAIL =
  'Only PDF, Word (.doc, .docx) and Excel (.xls, .xlsx) files are supported.';

/** Scale words and suffixes written after amounts ("2.4m", "EUR 5 million", "750k", "1.2bn") → multiplier. */
export const AMOUNT_SCALE_WORDS: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  thousands: 1e3,
  tsd: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  mio: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
};
