import { describePlace, matchGeography } from '../../matching/geography.ts';
import { matchSector } from '../../matching/sector.ts';
import type { RedFlagRule } from '../types.ts';

// Low severity: the thematic score already prices sector and geography fit; these flags make the
// misfit visible in the market category of the red-flag list.

/** A sector the lender has no conviction or benchmarks for. */
export const sectorOutsideThesis: RedFlagRule = ({ subject, thesis }) => {
  const sector = subject.sector?.trim();
  if (!sector || Object.keys(thesis.target_sectors).length === 0 || matchSector(sector, thesis)) return null;
  return {
    severity: 'low',
    flag_type: 'sector_outside_thesis',
    category: 'market',
    description: `The sector "${sector}" is outside the thesis target sectors.`,
  };
};

/** Outside its markets a lender faces unfamiliar insolvency regimes and security enforcement. */
export const geographyOutsideThesis: RedFlagRule = ({ subject, thesis }) => {
  const geography = subject.geography?.trim();
  if (!geography || Object.keys(thesis.primary_markets).length === 0 || matchGeography(geography, thesis)) {
    return null;
  }
  return {
    severity: 'low',
    flag_type: 'geography_outside_thesis',
    category: 'market',
    description: `${describePlace(geography) ?? geography} is outside the thesis primary markets.`,
  };
};
