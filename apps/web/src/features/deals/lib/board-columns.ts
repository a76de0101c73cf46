import type { TDealBoardCard, TDealStage } from '@atempo/contracts';
import { ALL_STAGES } from './deal-labels.ts';

export interface BoardColumn {
  stage: TDealStage;
  deals: TDealBoardCard[];
  count: number;
  totalAmount: number;
}

/**
 * The board's eight columns in pipeline order, empty ones included. Counts and totals are those
 * of the cards shown, so they follow the filters and every optimistic move at once.
 */
export function groupDealsByStage(deals: readonly TDealBoardCard[]): BoardColumn[] {
  return ALL_STAGES.map((stage) => {
    const inStage = deals.filter((deal) => deal.stage === stage);
    return {
      stage,
      deals: inStage,
      count: inStage.length,
      totalAmount: inStage.reduce((sum, deal) => sum + (deal.amount_requested || 0), 0),
    };
  });
}
