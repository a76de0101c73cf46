import type { FakeProvider } from './fake-model-server.ts';
import type { RecordedRequest } from './model-turn.ts';

/** A tool as offered in a request: its name, description and input JSON Schema. */
export interface OfferedTool {
  name: string;
  description: string;
  schema: { type?: string; properties?: Record<string, Record<string, unknown>>; required?: string[] };
}

/** The tools a request offers, read the way each protocol writes them. */
export function toolsOffered(provider: FakeProvider, request: RecordedRequest): OfferedTool[] {
  const tools = (request.body.tools ?? []) as Record<string, unknown>[];
  return tools.map((entry) => {
    if (provider === 'openai') {
      const fn = entry.function as Record<string, unknown>;
      return {
        name: String(fn.name),
        description: String(fn.description),
        schema: fn.parameters as OfferedTool['schema'],
      };
    }
    return {
      name: String(entry.name),
      description: String(entry.description),
      schema: entry.input_schema as OfferedTool['schema'],
    };
  });
}

/** The system prompt of a request (OpenAI: a system message; Anthropic: the system field). */
export function systemPromptOf(provider: FakeProvider, request: RecordedRequest): string {
  if (provider === 'anthropic') {
    const system = request.body.system as string | { text: string }[] | undefined;
    return typeof system === 'string' ? system : (system ?? []).map((block) => block.text).join('\n');
  }
  const messages = request.body.messages as { role: string; content: unknown }[];
  return messages
    .filter((message) => message.role === 'system')
    .map((message) => String(message.content))
    .join('\n');
}

/** The tool results a request sends back to the model, parsed from their JSON text. */
export function toolResultsSent(provider: FakeProvider, request: RecordedRequest): unknown[] {
  const messages = request.body.messages as { role: string; content: unknown; tool_call_id?: string }[];
  const texts: string[] = [];
  for (const message of messages) {
    if (provider === 'openai' && message.role === 'tool') texts.push(String(message.content));
    if (provider === 'anthropic' && message.role === 'user' && Array.isArray(message.content)) {
      for (const block of message.content as { type: string; content?: unknown }[]) {
        if (block.type !== 'tool_result') continue;
        const content = block.content;
        texts.push(
          typeof content === 'string'
            ? content
            : (content as { type: string; text?: string }[]).map((part) => part.text ?? '').join(''),
        );
      }
    }
  }
  return texts.map((text) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  });
}

/** The last tool result a request sends back. */
export function lastToolResult<T = Record<string, unknown>>(
  provider: FakeProvider,
  request: RecordedRequest,
): T {
  const results = toolResultsSent(provider, request);
  if (results.length === 0) throw new Error('the request sends back no tool result');
  return results.at(-1) as T;
}
