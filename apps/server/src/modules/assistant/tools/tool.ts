import type { TToolName } from '@atempo/contracts';
import { TOOL_CONTRACTS } from '@atempo/contracts';
import type { Database } from '@atempo/db';
import type { z } from 'zod';

/** Who a tool answers for: every tool reads only the caller's organisation. */
export interface ToolContext {
  db: Database;
  organizationId: string;
  userId: string;
  /** "Today" for questions about recent activity; tests pin it. */
  now: Date;
}

type Contract<N extends TToolName> = (typeof TOOL_CONTRACTS)[N];

/**
 * One of the assistant's eight tools. The same definition serves the built-in analyst, the model's
 * tool-calling loop, the MCP server and the REST API: `run` receives input already validated by
 * the contract and answers the contract's output (its citations included).
 */
export interface AssistantTool<N extends TToolName = TToolName> {
  name: N;
  /** What the tool does and when to use it, written for a model choosing tools. */
  description: string;
  input: Contract<N>['input'];
  output: Contract<N>['output'];
  run(context: ToolContext, input: z.infer<Contract<N>['input']>): Promise<z.infer<Contract<N>['output']>>;
}

/** Builds a tool with its contract from packages/contracts. */
export function defineTool<N extends TToolName>(
  name: N,
  description: string,
  run: AssistantTool<N>['run'],
): AssistantTool<N> {
  const contract = TOOL_CONTRACTS[name];
  return { name, description, input: contract.input, output: contract.output, run };
}
