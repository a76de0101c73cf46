import { TOOL_NAMES, type TToolCallRecord, type TToolName, type TToolOutput } from '@atempo/contracts';
import { AppError, validationError } from '../../../platform/errors.ts';
import { analysePortfolioTool } from './analyse-portfolio.tool.ts';
import { calculateMetricsTool } from './calculate-metrics.tool.ts';
import { getDealDetailsTool } from './get-deal-details.tool.ts';
import { getFinancialMetricsTool } from './get-financial-metrics.tool.ts';
import { getMarketIntelligenceTool } from './get-market-intelligence.tool.ts';
import { getRedFlagsTool } from './get-red-flags.tool.ts';
import { searchCompaniesTool } from './search-companies.tool.ts';
import { searchDocumentsTool } from './search-documents.tool.ts';
import type { AssistantTool, ToolContext } from './tool.ts';

export type { AssistantTool, ToolContext } from './tool.ts';

const BY_NAME: { [N in TToolName]: AssistantTool<N> } = {
  search_companies: searchCompaniesTool,
  get_deal_details: getDealDetailsTool,
  analyse_portfolio: analysePortfolioTool,
  get_financial_metrics: getFinancialMetricsTool,
  search_documents: searchDocumentsTool,
  get_market_intelligence: getMarketIntelligenceTool,
  calculate_metrics: calculateMetricsTool,
  get_red_flags: getRedFlagsTool,
};

/** The eight tools in TOOL_NAMES order: what the analyst routes to, a model is offered and MCP lists. */
export const ASSISTANT_TOOLS: AssistantTool[] = TOOL_NAMES.map((name) => BY_NAME[name] as AssistantTool);

/** The tool of this name, or undefined for a name that is not one of the eight. */
export function toolByName(name: string): AssistantTool | undefined {
  return ASSISTANT_TOOLS.find((tool) => tool.name === name);
}

export const toolNotFound = (name: string) =>
  new AppError(404, 'TOOL_NOT_FOUND', `There is no tool named ${JSON.stringify(name.slice(0, 60))}`);

export interface ToolRun<N extends TToolName = TToolName> {
  output: TToolOutput<N>;
  record: TToolCallRecord;
}

/**
 * Validates `rawInput` with the tool's contract and runs the tool for the caller's organisation,
 * timing it. An unknown tool is a 404 and input the contract refuses a 422 naming each field (both
 * AppError); anything else the tool throws propagates. The built-in analyst, the model's
 * tool-calling loop, the MCP server and the REST API all call tools through here.
 */
export async function runTool(context: ToolContext, name: string, rawInput: unknown): Promise<ToolRun> {
  const tool = toolByName(name);
  if (!tool)
    throw new AppError(404, 'TOOL_NOT_FOUND', `There is no tool named ${JSON.stringify(name.slice(0, 60))}`);
  const parsed = tool.input.safeParse(rawInput ?? {});
  if (!parsed.success) {
    throw validationError(
      parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    );
  }
  const started = performance.now();
  const output = (await (tool as AssistantTool<TToolName>).run(
    context,
    parsed.data as never,
  )) as TToolOutput<TToolName>;
  return {
    output,
    record: {
      name: tool.name,
      input: parsed.data as Record<string, unknown>,
      ok: true,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
    },
  };
}

export type RecordedToolRun =
  | { ok: true; output: TToolOutput<TToolName>; record: TToolCallRecord }
  /** record is null when `name` is none of the eight tools (a model may make one up). */
  | { ok: false; error: unknown; record: TToolCallRecord | null };

/**
 * runTool for callers that keep going when a tool fails (a model's loop, the analyst): never
 * throws; a failure comes back with its error and a record marked not ok, timed like a success.
 * The record's input is what was sent when the contract refused it.
 */
export async function runToolRecorded(
  context: ToolContext,
  name: string,
  rawInput: unknown,
): Promise<RecordedToolRun> {
  const started = performance.now();
  try {
    return { ok: true, ...(await runTool(context, name, rawInput)) };
  } catch (error) {
    const input =
      typeof rawInput === 'object' && rawInput !== null && !Array.isArray(rawInput)
        ? (rawInput as Record<string, unknown>)
        : { input: rawInput };
    const tool = toolByName(name);
    const duration_ms = Math.round((performance.now() - started) * 100) / 100;
    return { ok: false, error, record: tool ? { name: tool.name, input, ok: false, duration_ms } : null };
  }
}
