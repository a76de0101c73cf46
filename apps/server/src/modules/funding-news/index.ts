export {
  type AnnouncementFilters,
  type AnnouncementSearchRow,
  announcementsOfCompany,
  searchAnnouncements,
} from './announcement-search.queries.ts';
export { defineSourceJobs } from './feed-sources.jobs.ts';
export { intelligenceSourcesRoutes } from './feed-sources.routes.ts';
export { fundingRoutes } from './funding.routes.ts';
export {
  fundingRoundsBySectorAndMonth,
  linkedRoundsCreatedBetween,
  organizationsWithRoundsSince,
  roundsSince,
} from './funding-announcements.queries.ts';
export {
  type AnnouncementRow,
  findAnnouncementRow,
  getFundingAnnouncement,
  linkRoundsToCompany,
} from './funding-announcements.service.ts';
export { importFundingCsv } from './funding-import.ts';
export { previewFundingImport } from './funding-import-preview.ts';
export { ingestArticles } from './funding-ingest.ts';
export {
  announcementsInWindow,
  type FundingWindowFilter,
  fundingRoundsByStage,
  isCollectingFundingNews,
} from './funding-news.queries.ts';
export { roundPlaceIn, sectorKeyIn } from './round-filters.ts';
