export { createDocumentIndexer } from './document-indexer.ts';
export { knowledgeRoutes } from './knowledge.routes.ts';
export { type DocumentTextSource, defineKnowledgeJobs } from './knowledge-index.jobs.ts';
export { searchKnowledge } from './search.service.ts';
