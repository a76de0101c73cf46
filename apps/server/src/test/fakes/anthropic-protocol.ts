import { type ModelProtocol, type ModelTurn, pieces } from './model-turn.ts';

/**
 * Anthropic messages (POST /v1/messages), as documented: a `message` with `text` and `tool_use`
 * content blocks, and the streaming events message_start, content_block_start /
 * content_block_delta (text_delta, input_json_delta) / content_block_stop, message_delta and
 * message_stop.
 */
const stopReason = (turn: ModelTurn) => (turn.toolCalls?.length ? 'tool_use' : 'end_turn');
const toolUseId = (id: string, index: number) => `toolu_${id}_${index}`;

export const anthropicProtocol: ModelProtocol = {
  path: '/v1/messages',

  json(turn, model, id) {
    return {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model,
      content: [
        ...(turn.text ? [{ type: 'text', text: turn.text }] : []),
        ...(turn.toolCalls ?? []).map((call, index) => ({
          type: 'tool_use',
          id: toolUseId(id, index),
          name: call.name,
          input: call.input,
        })),
      ],
      stop_reason: stopReason(turn),
      stop_sequence: null,
      usage: { input_tokens: turn.usage?.input ?? 10, output_tokens: turn.usage?.output ?? 5 },
    };
  },

  events(turn, model, id) {
    const event = (type: string, data: Record<string, unknown>) => ({ event: type, data: { type, ...data } });
    const events = [
      event('message_start', {
        message: {
          id: `msg_${id}`,
          type: 'message',
          role: 'assistant',
          model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: turn.usage?.input ?? 10, output_tokens: 1 },
        },
      }),
      event('ping', {}),
    ];
    let index = 0;
    if (turn.text) {
      events.push(event('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      for (const piece of pieces(turn.text)) {
        events.push(event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
      }
      events.push(event('content_block_stop', { index }));
      index += 1;
    }
    (turn.toolCalls ?? []).forEach((call, callIndex) => {
      const json = JSON.stringify(call.input);
      const half = Math.ceil(json.length / 2);
      events.push(
        event('content_block_start', {
          index,
          content_block: { type: 'tool_use', id: toolUseId(id, callIndex), name: call.name, input: {} },
        }),
        event('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: json.slice(0, half) },
        }),
        event('content_block_delta', {
          index,
          delta: { type: 'input_json_delta', partial_json: json.slice(half) },
        }),
        event('content_block_stop', { index }),
      );
      index += 1;
    });
    events.push(
      event('message_delta', {
        delta: { stop_reason: stopReason(turn), stop_sequence: null },
        usage: { output_tokens: turn.usage?.output ?? 5 },
      }),
      event('message_stop', {}),
    );
    return events;
  },

  error(status, message) {
    const type =
      status === 429
        ? 'rate_limit_error'
        : status === 529
          ? 'overloaded_error'
          : status >= 500
            ? 'api_error'
            : 'invalid_request_error';
    return { type: 'error', error: { type, message } };
  },
};
