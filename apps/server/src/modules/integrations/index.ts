export { integrationsRoutes } from './integrations.routes.ts';
export { oauthRoutes } from './oauth.routes.ts';
export { scheduledIngestionJob } from './sharepoint/ingestion.service.ts';
export { SHAREPOINT_INGESTION } from './sharepoint/ingestion.workflow.ts';
export { sharePointRoutes } from './sharepoint/sharepoint.routes.ts';
