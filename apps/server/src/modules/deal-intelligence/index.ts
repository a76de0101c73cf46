export { dealIntelligenceRoutes } from './deal-intelligence.routes.ts';
export { getDealIntelligence } from './deal-intelligence.service.ts';
