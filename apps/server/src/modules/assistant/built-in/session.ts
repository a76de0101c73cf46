import type { TToolCallRecord, TToolInput, TToolName, TToolOutput } from '@atempo/contracts';
import type { EngineEvent } from '../engine.ts';
import type { ToolContext } from '../tools/tool.ts';

/** Runs one of the eight tools by name on raw input (validated by the tool's contract). */
export type RunTool = <N extends TToolName>(
  context: ToolContext,
  name: N,
  rawInput: unknown,
) => Promise<{ output: TToolOutput<N>; record: TToolCallRecord }>;

/** A tool failed (bad data, database error): the answer says the data could not be read. */
export class ToolFailure extends Error {
  constructor(
    readonly tool: TToolName,
    cause: unknown,
  ) {
    super(`${tool} failed`, { cause });
  }
}

/**
 * One question's tool calls: runs them, reports progress, and keeps every output (the figures the
 * answer may state) and every call record (the answer's tool list).
 */
export class ToolSession {
  readonly records: TToolCallRecord[] = [];
  /** Everything read for this answer: what the figure check accepts figures from. */
  readonly outputs: unknown[] = [];
  readonly selected: TToolName[] = [];

  constructor(
    readonly context: ToolContext,
    private readonly runTool: RunTool,
    private readonly signal: AbortSignal,
    private readonly onEvent?: (event: EngineEvent) => void,
  ) {}

  status(message: string): void {
    this.onEvent?.({ type: 'status', message });
  }

  async call<N extends TToolName>(name: N, input: TToolInput<N>, status: string): Promise<TToolOutput<N>> {
    this.signal.throwIfAborted();
    if (!this.selected.includes(name)) this.selected.push(name);
    this.status(status);
    const started = performance.now();
    try {
      const { output, record } = await this.runTool(this.context, name, input);
      this.records.push(record);
      this.outputs.push(output);
      return output;
    } catch (error) {
      this.signal.throwIfAborted();
      this.records.push({
        name,
        input: input as Record<string, unknown>,
        ok: false,
        duration_ms: Math.round((performance.now() - started) * 10) / 10,
      });
      throw new ToolFailure(name, error);
    }
  }

  /** Data the answer may quote that was read before the tools ran (the companies a question names). */
  remember(output: unknown): void {
    this.outputs.push(output);
  }
}
