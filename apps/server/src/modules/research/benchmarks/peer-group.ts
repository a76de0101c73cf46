import type { TInvestmentThesis } from '@atempo/contracts';
import { sameSector } from '@atempo/scoring';
import type { CompanyProfileRow } from '../../companies/index.ts';

/**
 * The companies a company's portfolio quartiles are taken over: those of its sector (the thesis'
 * sector matching: same name, alias or focus area), or every other company when the sector is
 * unknown or too few share it for quartiles to mean anything. The note says which, in words.
 */

/** Fewer peers than this in the sector and the whole portfolio is used instead. */
export const MIN_SECTOR_PEERS = 4;

export interface PeerGroup {
  companies: CompanyProfileRow[];
  /** The sector the peers share; null when they are the whole portfolio. */
  sector: string | null;
  note: string;
}

const companies = (count: number) => `${count} other compan${count === 1 ? 'y' : 'ies'}`;

export function peerGroup(
  others: CompanyProfileRow[],
  sector: string | null,
  thesis: TInvestmentThesis,
): PeerGroup {
  const whole = `the whole portfolio: the ${companies(others.length)} the organisation tracks`;
  if (!sector) {
    return {
      companies: others,
      sector: null,
      note: `No sector is given or recorded for the company, so the portfolio quartiles are over ${whole}.`,
    };
  }
  const same = others.filter((row) => sameSector(sector, row.industry, thesis));
  if (same.length >= MIN_SECTOR_PEERS) {
    return {
      companies: same,
      sector,
      note: `Portfolio quartiles are over the ${companies(same.length)} in ${sector} (same sector by name, alias or thesis focus area).`,
    };
  }
  return {
    companies: others,
    sector: null,
    note: `Only ${companies(same.length)} ${same.length === 1 ? 'is' : 'are'} in ${sector}, fewer than ${MIN_SECTOR_PEERS}, so the portfolio quartiles are over ${whole}.`,
  };
}
