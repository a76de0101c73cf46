import { writeFileSync } from 'node:fs';
import { ZChatQueryRequest } from '@atempo/contracts';
import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/server.ts';
import { type AssistantOrganisation, seedAssistantOrganisation } from '../assistant.fixtures.ts';
import { createBuiltInAnalystEngine } from './analyst.ts';

let server: TestServer;
let org: AssistantOrganisation;
beforeAll(async () => {
  server = await startTestServer();
  org = await seedAssistantOrganisation(server.app);
}, 120_000);
afterAll(() => server.close());

const QUESTIONS = (process.env.QS ?? '').split('|').filter(Boolean);

it('explores', async () => {
  const engine = createBuiltInAnalystEngine();
  const out: string[] = [];
  for (const q of QUESTIONS) {
    const [main, hist] = q.split('#');
    const [query, deal] = (main ?? '').split('@');
    const question = ZChatQueryRequest.parse({
      query,
      deal_id: deal ? org.deals[deal as 'acme'].id : undefined,
      conversation_history: (hist ?? '')
        .split(';')
        .filter(Boolean)
        .map((content) => ({ role: 'user', content })),
    });
    const started = performance.now();
    const draft = await engine.answer(
      { db: server.database.db, organizationId: org.organizationId, userId: org.userId, now: new Date() },
      question,
      { signal: new AbortController().signal },
    );
    out.push(
      `## ${q} (${Math.round(performance.now() - started)} ms)\n${JSON.stringify({ ...draft, answer: undefined, citations: draft.citations.map((c) => `${c.target.kind}:${c.source}:${c.relevance}`) })}\n${draft.answer}\n`,
    );
  }
  writeFileSync('/tmp/analyst/explore.md', out.join('\n'));
}, 120_000);
