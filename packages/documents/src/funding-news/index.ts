/** Funding news → funding rounds: deterministic extraction and deduplication (decision 032). */
export { findRaisedAmount, type RaisedAmount } from './amount.ts';
export { type NotFunding, notFundingNews } from './classify.ts';
export {
  candidateKeys,
  DEDUP_AMOUNT_TOLERANCE,
  DEDUP_WINDOW_DAYS,
  dedupKey,
  mergeRounds,
  type RoundFields,
  type StoredRound,
  sameRound,
} from './dedup.ts';
export {
  type ExtractedRound,
  type ExtractOptions,
  extractFundingRound,
  type FundingNewsInput,
  type FundingReading,
} from './extract.ts';
export { type FundingRegion, findPlace, type Place } from './place.ts';
export { findSector } from './sector.ts';
export { findStage } from './stage.ts';
export {
  type AmountCell,
  type RoundFieldsInput,
  readAmountCell,
  roundFromFields,
  stageFromRoundType,
} from './structured.ts';
