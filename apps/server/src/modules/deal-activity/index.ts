export { type DealActivityEntry, getDealUpdates, recordDealActivity } from './deal-activity.service.ts';
export {
  amountChanged,
  dealCreated,
  newRedFlags,
  redFlagIds,
  type ScoreState,
  scoreChanged,
  stageChanged,
} from './deal-activity-sentences.ts';
export { type DealChangeRow, dealChangesBetween } from './deal-changes.queries.ts';
export { dealScoreChangeInsert } from './score-change-log.ts';
