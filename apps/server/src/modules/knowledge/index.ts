export { createDocumentIndexer } from './document-indexer.ts';
export { knowledgeRoutes } from './knowledge.routes.ts';
export { knowledgeIndexWorkflow } from './knowledge-index.workflow.ts';
export { searchKnowledge } from './passage-search.service.ts';
export { type PassageRow, passagesMatching } from './passages.queries.ts';
