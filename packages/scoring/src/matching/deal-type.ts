import { DEAL_TYPES, type TDealType } from '@atempo/contracts';
import { compactName } from './sector.ts';

const DEAL_TYPE_ALIASES: Record<TDealType, readonly string[]> = {
  venture_debt: ['venturedebt', 'venturelending', 'ventureloan', 'growthdebt', 'termloan', 'debt'],
  revenue_based_financing: ['revenuebasedfinancing', 'revenuebasedfinance', 'rbf', 'revenuefinancing'],
  convertible_debt: ['convertibledebt', 'convertible', 'convertiblenote', 'convertibleloan'],
  growth_equity: ['growthequity', 'equity'],
};

/** "Venture Debt", "RBF", "convertible note" → a thesis deal type, or null when not recognised. */
export function normaliseDealType(dealType: string): TDealType | null {
  const compact = compactName(dealType);
  if (compact === '') return null;
  return DEAL_TYPES.find((type) => DEAL_TYPE_ALIASES[type].includes(compact)) ?? null;
}
