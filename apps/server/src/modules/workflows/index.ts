export { workflowsRoutes } from './workflows.routes.ts';
