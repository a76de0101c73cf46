import type { TInvestmentThesisInput } from '@atempo/contracts';
import { humanize } from '../../../lib/humanize.ts';
import { sectorLabel } from './thesis-draft.ts';

/**
 * A thesis field's path as the settings screen labels it: 'primary_markets.Denmark' → 'Weight for
 * Denmark', 'target_sectors.fintech.min_gross_margin' → 'Minimum gross margin for Fintech'.
 * Unknown paths fall back to their words, never the raw key.
 */
export function thesisFieldLabel(
  path: string,
  thesis: Pick<TInvestmentThesisInput, 'target_sectors'>,
): string {
  const [root = '', ...rest] = path.split('.');
  if (root === 'primary_markets')
    return rest.length > 0 ? `Weight for ${rest.join('.')}` : 'Geographic Markets';
  if (root === 'target_sectors' && rest.length > 0) {
    const key = rest[0] as string;
    const name = sectorLabel(key, thesis.target_sectors?.[key]);
    if (rest[1] === 'weight') return `Weight for ${name}`;
    if (rest[1] === 'min_gross_margin') return `Minimum gross margin for ${name}`;
    if (rest[1] === 'focus_areas') return `Focus areas for ${name}`;
    return `Sector ${name}`;
  }
  const last = rest.length > 0 ? (rest[rest.length - 1] as string) : root;
  return humanize(/^\d+$/.test(last) ? root : last);
}

// A raw path as the contract writes it at the head of a message: 'primary_markets.Denmark: '.
const RAW_PATH = /(?:^|: )([a-z][a-z0-9_]*(?:\.[^:]+?)?): /g;

/**
 * The server's sentence with the field named as on screen: "primary_markets.Denmark: weight must
 * be between 0 and 1" → "Weight for Denmark: weight must be between 0 and 1". Only the last raw
 * path counts (an outer prefix may repeat it in other words).
 */
export function thesisErrorText(
  detail: string,
  thesis: Pick<TInvestmentThesisInput, 'target_sectors'>,
): string {
  const matches = [...detail.matchAll(RAW_PATH)].filter(
    (match) => (match[1] as string).includes('_') || (match[1] as string).includes('.'),
  );
  const last = matches[matches.length - 1];
  if (!last) return detail;
  const path = last[1] as string;
  const message = detail.slice((last.index ?? 0) + last[0].length);
  return `${thesisFieldLabel(path, thesis)}: ${message}`;
}
