/** One scripted answer of a fake model server, written once and rendered in either protocol. */
export interface ModelTurn {
  /** The assistant's text; sent in several stream chunks (one per word) when streaming. */
  text?: string;
  /** Tool calls the model makes this turn; the turn then ends for tool use. */
  toolCalls?: { name: string; input: Record<string, unknown> }[];
  usage?: { input: number; output: number };
}

/** An HTTP error the fake answers instead (429 with Retry-After, 500…). */
export interface ErrorReply {
  status: number;
  retryAfter?: string;
  message?: string;
}

/** Keeps the request open without answering, for time-limit tests. */
export interface Hang {
  hang: true;
}

export interface RecordedRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** A scripted step; a function sees the request (the tool results sent back) and answers from it. */
export type ScriptedStep =
  | ModelTurn
  | ErrorReply
  | Hang
  | ((request: RecordedRequest) => ModelTurn | ErrorReply);

/** How a provider's protocol writes a turn: as one JSON body, as server-sent events, and errors. */
export interface ModelProtocol {
  path: string;
  json(turn: ModelTurn, model: string, id: string): unknown;
  /** Server-sent events, each `{event?, data}`; `data` is written as JSON unless a string. */
  events(turn: ModelTurn, model: string, id: string): { event?: string; data: unknown }[];
  error(status: number, message: string): unknown;
}

/** The text in word-sized pieces, spaces kept, so streams have several deltas. */
export function pieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
