import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateText } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../config.ts';
import {
  type FakeModelServer,
  type FakeProvider,
  startFakeModelServer,
} from '../../test/fakes/fake-model-server.ts';
import { createConfiguredModel, withoutCredentials } from './language-model.ts';
import { type ProviderError, providerErrorIn } from './provider-error.ts';

const llm = (provider: FakeProvider, baseUrl: string, timeoutMs = 5_000): LlmConfig => ({
  provider,
  baseUrl,
  apiKey: 'test-key',
  model: 'test-model',
  timeoutMs,
});

/** A port nothing listens on: opened, noted, closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const providerError = providerErrorIn(error);
  if (!providerError) throw new Error(`expected a ProviderError, got ${String(error)}`);
  return providerError;
}

describe.each(['openai', 'anthropic'] as const)('the configured %s model', (provider) => {
  let fake: FakeModelServer;
  beforeAll(async () => {
    fake = await startFakeModelServer(provider);
  });
  afterAll(() => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
    expect(fake.pending()).toBe(0);
  });

  const ask = (timeoutMs?: number, retry = { defaultRetryWaitMs: 10 }) =>
    generateText({
      model: createConfiguredModel(llm(provider, fake.baseUrl, timeoutMs), retry).model,
      prompt: 'Hello',
      maxRetries: 0,
    });

  it('talks to the server with the key and the model', async () => {
    fake.script({ text: 'Hi there' });
    const result = await ask();
    expect(result.text).toBe('Hi there');
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.body.model).toBe('test-model');
    if (provider === 'openai') expect(request?.headers.authorization).toBe('Bearer test-key');
    else {
      expect(request?.headers['x-api-key']).toBe('test-key');
      expect(request?.headers['anthropic-version']).toBe('2023-06-01');
    }
  });

  it('retries a 429 once after the seconds of Retry-After, then succeeds', async () => {
    fake.script({ status: 429, retryAfter: '1' }, { text: 'After the wait' });
    const started = performance.now();
    const result = await ask();
    const waited = performance.now() - started;
    expect(result.text).toBe('After the wait');
    expect(fake.requests).toHaveLength(2);
    expect(waited).toBeGreaterThanOrEqual(950);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const inOneSecond = new Date(Date.now() + 1_500).toUTCString();
    fake.script({ status: 503, retryAfter: inOneSecond }, { text: 'Back' });
    const started = performance.now();
    expect((await ask()).text).toBe('Back');
    // HTTP dates have whole seconds: the wait is between 0.5 and 1.5 s.
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    expect(fake.requests).toHaveLength(2);
  });

  it('makes exactly two attempts when the server keeps failing', async () => {
    fake.script({ status: 500 }, { status: 500 });
    const error = await failureOf(ask());
    expect(error.failure).toBe('http');
    expect(error.status).toBe(500);
    expect(error.message).toBe('the model server answered 500 twice');
    expect(fake.requests).toHaveLength(2);
  });

  it('does not retry when the server asks to wait longer than the assistant will', async () => {
    fake.script({ status: 429, retryAfter: '120' });
    const error = await failureOf(ask());
    expect(error.message).toBe(
      'the model server answered 429 and asked to wait 120 s, longer than the assistant waits',
    );
    expect(fake.requests).toHaveLength(1);
  });

  it('does not retry a client error', async () => {
    fake.script({ status: 400, message: 'model not found' });
    const error = await ask().catch((caught: unknown) => caught);
    expect(String((error as Error).message)).toContain('model not found');
    expect(providerErrorIn(error)).toBeUndefined();
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    fake.script({ hang: true });
    const started = performance.now();
    const error = await failureOf(ask(300));
    expect(error.failure).toBe('timeout');
    expect(error.message).toBe('the model server did not answer within 0.3 s');
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('an unreachable model server', () => {
  it('is reported as unreachable when nothing listens', async () => {
    const port = await closedPort();
    const { model } = createConfiguredModel(llm('openai', `http://127.0.0.1:${port}/v1`));
    const error = await failureOf(generateText({ model, prompt: 'Hello', maxRetries: 0 }));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toBe('the model server could not be reached (ECONNREFUSED)');
    expect(error.address).toBe(`http://127.0.0.1:${port}`);
  });

  it('is reported as unreachable when the name does not resolve', async () => {
    const { model } = createConfiguredModel(llm('anthropic', 'http://model-server.invalid/v1'));
    const error = await failureOf(generateText({ model, prompt: 'Hello', maxRetries: 0 }));
    expect(error.failure).toBe('unreachable');
    expect(error.message).toMatch(/^the model server could not be reached \((ENOTFOUND|EAI_AGAIN)\)$/);
    expect(error.address).toBe('http://model-server.invalid');
  });
});

describe('withoutCredentials', () => {
  it('keeps the address and drops user, password and query', () => {
    expect(withoutCredentials('https://user:secret@example.com/openai/v1/?api-key=abc')).toBe(
      'https://example.com/openai/v1',
    );
    expect(withoutCredentials('http://localhost:11434/v1')).toBe('http://localhost:11434/v1');
  });
});
