export { researchRoutes } from './research.routes.ts';
export { RESEARCH_WORKFLOWS } from './research.workflows.ts';
export { DEEP_SOURCES, searchSource } from './research-engine.ts';
export { parseResearchQuery } from './research-query.ts';
