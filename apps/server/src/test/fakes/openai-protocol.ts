import { type ModelProtocol, type ModelTurn, pieces } from './model-turn.ts';

/**
 * OpenAI chat completions (POST /v1/chat/completions), as documented in the API reference:
 * `chat.completion` objects, and `chat.completion.chunk` server-sent events ending in `[DONE]`.
 * Tool calls carry the function name and its arguments as a JSON string, streamed in fragments.
 */
const created = () => Math.floor(Date.now() / 1000);
const usageOf = (turn: ModelTurn) => ({
  prompt_tokens: turn.usage?.input ?? 10,
  completion_tokens: turn.usage?.output ?? 5,
  total_tokens: (turn.usage?.input ?? 10) + (turn.usage?.output ?? 5),
});
const finishReason = (turn: ModelTurn) => (turn.toolCalls?.length ? 'tool_calls' : 'stop');
const callId = (id: string, index: number) => `call_${id}_${index}`;

export const openAiProtocol: ModelProtocol = {
  path: '/v1/chat/completions',

  json(turn, model, id) {
    return {
      id: `chatcmpl-${id}`,
      object: 'chat.completion',
      created: created(),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: turn.text ?? null,
            ...(turn.toolCalls?.length
              ? {
                  tool_calls: turn.toolCalls.map((call, index) => ({
                    id: callId(id, index),
                    type: 'function',
                    function: { name: call.name, arguments: JSON.stringify(call.input) },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: finishReason(turn),
        },
      ],
      usage: usageOf(turn),
    };
  },

  events(turn, model, id) {
    const chunk = (delta: unknown, finish: string | null = null) => ({
      data: {
        id: `chatcmpl-${id}`,
        object: 'chat.completion.chunk',
        created: created(),
        model,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      },
    });
    const events: { data: unknown }[] = [chunk({ role: 'assistant', content: '' })];
    for (const piece of pieces(turn.text ?? '')) events.push(chunk({ content: piece }));
    (turn.toolCalls ?? []).forEach((call, index) => {
      const args = JSON.stringify(call.input);
      const half = Math.ceil(args.length / 2);
      events.push(
        chunk({
          tool_calls: [
            { index, id: callId(id, index), type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
        chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] }),
        chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }),
      );
    });
    events.push(chunk({}, finishReason(turn)));
    // stream_options.include_usage: a last chunk with no choices and the usage.
    events.push({
      data: {
        id: `chatcmpl-${id}`,
        object: 'chat.completion.chunk',
        created: created(),
        model,
        choices: [],
        usage: usageOf(turn),
      },
    });
    events.push({ data: '[DONE]' });
    return events;
  },

  error(status, message) {
    const type =
      status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
    return { error: { message, type, param: null, code: null } };
  },
};
