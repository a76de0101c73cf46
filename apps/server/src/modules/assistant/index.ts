// The figure check lives in platform/ai (documents, ic-memos and the assistant all check model text with it);
// re-exported here for callers that still import it from the assistant.
export { figuresIn, findUnsupportedFigures } from '../../platform/ai/figure-check.ts';
export { assistantRoutes } from './assistant.routes.ts';
export { createAssistantService } from './assistant.service.ts';
export { createAssistantEngines } from './assistant-engines.ts';
export { BUILT_IN_MODEL, createBuiltInAnalystEngine } from './built-in/analyst.ts';
export { type ChatRateLimits, createChatRateLimiter } from './chat-rate-limit.ts';
export type { AssistantEngine } from './engine.ts';
export { sourcedFiguresOf } from './figures.service.ts';
export {
  calculationCitation,
  companyCitation,
  dealCitation,
  documentCitation,
  euros,
  quoted,
} from './tools/citations.ts';
export { citationsOf } from './tools/get-financial-metrics.tool.ts';
export { ASSISTANT_TOOLS, runTool } from './tools/index.ts';
export { type NamedIds, requireNamedIds } from './tools/named-ids.ts';
export type { AssistantTool, ToolContext } from './tools/tool.ts';
export { assistantToolsRoutes } from './tools.routes.ts';
