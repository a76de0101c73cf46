import type { TToolCallRecord, TToolName } from '@atempo/contracts';
import { jsonSchema, type ToolSet, tool, zodSchema } from 'ai';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError } from '../../../platform/errors.ts';
import type { AssistantTool, ToolContext } from '../tools/tool.ts';

/** What the model engine needs of the tools module: the tools, and the one way to run them. */
export interface ToolBox {
  tools: readonly AssistantTool[];
  /** Validates the raw input against the tool's contract, runs it in the caller's organisation, records the call. */
  run(
    context: ToolContext,
    name: TToolName,
    rawInput: unknown,
  ): Promise<{ output: unknown; record: TToolCallRecord }>;
}

/** A tool call of one answer, with what it returned. */
export interface ToolOutcome {
  name: TToolName;
  output: unknown;
  record: TToolCallRecord;
}

/**
 * The tools as the AI SDK offers them to a model: the JSON Schema of each input contract, and an
 * execute that goes through `run`. The SDK does not validate inputs itself (no `validate` on the
 * schema): `run` does, so a call with bad input is recorded too, and its error goes back to the
 * model, which may correct itself in the next step.
 */
export function modelToolSet(
  box: ToolBox,
  context: ToolContext,
  outcomes: ToolOutcome[],
  logger?: Logger,
): ToolSet {
  const set: ToolSet = {};
  for (const assistantTool of box.tools) {
    const { name } = assistantTool;
    set[name] = tool({
      description: assistantTool.description,
      inputSchema: jsonSchema<unknown>(() => zodSchema(assistantTool.input as z.ZodType).jsonSchema),
      execute: async (input: unknown) => {
        const started = performance.now();
        try {
          const { output, record } = await box.run(context, name, input);
          outcomes.push({ name, output, record });
          return output;
        } catch (error) {
          // The model reads why and may correct its input in the next step; internals stay out.
          const detail = error instanceof AppError ? error.detail : 'the tool failed';
          const record: TToolCallRecord = {
            name,
            input: input && typeof input === 'object' ? (input as Record<string, unknown>) : {},
            ok: false,
            duration_ms: Math.round((performance.now() - started) * 100) / 100,
          };
          outcomes.push({ name, output: null, record });
          if (!(error instanceof AppError))
            logger?.warn({ err: error, tool: name }, 'an assistant tool failed');
          return { error: detail };
        }
      },
    });
  }
  return set;
}
