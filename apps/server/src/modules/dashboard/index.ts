export { dashboardRoutes } from './dashboard.routes.ts';
export { dashboardSnapshotsJob } from './dashboard-snapshots.job.ts';
