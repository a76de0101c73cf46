export { n8nRoutes } from './n8n.routes.ts';
export { metricsExtractionWorkflow, scenarioForecastWorkflow, uploadDeckWorkflow } from './n8n-workflows.ts';
