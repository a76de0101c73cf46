export { createDocumentIndexer } from './document-indexer.ts';
export { knowledgeRoutes } from './knowledge.routes.ts';
export { defineKnowledgeJobs } from './knowledge-index.jobs.ts';
export { searchKnowledge } from './passage-search.service.ts';
