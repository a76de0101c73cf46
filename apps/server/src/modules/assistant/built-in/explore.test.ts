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

it('explores', async () => {
  const engine = createBuiltInAnalystEngine();
  const out: string[] = [];
  for (const q of (process.env.QS ?? '').split('|').filter(Boolean)) {
    const [query, deal] = q.split('@');
    const question = ZChatQueryRequest.parse({
      query,
      deal_id: deal ? org.deals[deal as 'acme'].id : undefined,
    });
    const draft = await engine.answer(
      { db: server.database.db, organizationId: org.organizationId, userId: org.userId, now: new Date() },
      question,
      { signal: new AbortController().signal },
    );
    out.push(
      `## ${q} → ${draft.response_type} ${draft.confidence} [${draft.tools_selected}]\n${draft.answer.slice(0, 400)}\n`,
    );
  }
  writeFileSync('/tmp/analyst/explore.md', out.join('\n'));
}, 120_000);
