export { dailyBriefJob } from './daily-brief.job.ts';
export { monitoringRoutes } from './monitoring.routes.ts';
