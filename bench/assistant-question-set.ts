/**
 * The built-in analyst's question set of issue #18 §3 (apps/server/src/modules/assistant/built-in/
 * question-set.fixtures.ts): aggregates, two-part questions, superlatives, calculations on the
 * question's own figures, questions about the future and questions the data cannot answer, asked
 * over the seeded organisation of assistant.fixtures.ts on PostgreSQL, with the pipeline made so
 * that the naive aggregate definitions give other numbers than the screens. Expected answers are
 * computed from the seeded data through the shared aggregate definitions
 * (deals/pipeline-aggregates.ts), never written in by hand.
 *
 * Prints each question's grade, then a JSON summary (correct, correct and cited, declined, wrong,
 * invented figures, per kind) and one human line. Nothing asserts here; the test
 * (modules/assistant/pipeline-figures.test.ts) does.
 *
 *   npx tsx bench/assistant-question-set.ts
 */

import { seedAssistantOrganisation } from '../apps/server/src/modules/assistant/assistant.fixtures.ts';
import {
  backdateEarliestDeals,
  type Graded,
  grade,
  makeNaiveDefinitionsDiffer,
  questionSet,
  tally,
} from '../apps/server/src/modules/assistant/built-in/question-set.fixtures.ts';
import type { RunTool } from '../apps/server/src/modules/assistant/built-in/session.ts';
import { createBuiltInAnalystEngine } from '../apps/server/src/modules/assistant/index.ts';
import { runTool } from '../apps/server/src/modules/assistant/tools/index.ts';
import { pipelineAggregates } from '../apps/server/src/modules/deals/index.ts';
import { createBenchDatabase, startApp } from './common.ts';

const database = await createBenchDatabase();
const app = await startApp(database);
try {
  const db = database.handle.db;
  const org = await seedAssistantOrganisation(app);
  await makeNaiveDefinitionsDiffer(db, org);
  await backdateEarliestDeals(db, org);
  const aggregates = await pipelineAggregates(db, org.organizationId);
  const graded: (Graded & { confidence: number; ms: number })[] = [];
  for (const question of questionSet(org, aggregates)) {
    const outputs: unknown[] = [];
    const observing: RunTool = async (context, name, input) => {
      const run = await runTool(context, name, input);
      outputs.push(run.output);
      return run as never;
    };
    const started = performance.now();
    const draft = await createBuiltInAnalystEngine({ runTool: observing }).answer(
      { db, organizationId: org.organizationId, userId: org.userId, now: new Date() },
      { query: question.q, conversation_history: [] },
      { signal: new AbortController().signal, onEvent: () => {} },
    );
    const ms = performance.now() - started;
    const result = grade(question, draft, outputs);
    graded.push({ ...result, confidence: draft.confidence, ms });
    const why = result.missing.length > 0 ? `; missing ${JSON.stringify(result.missing)}` : '';
    const invented = result.invented.length > 0 ? `; invented ${result.invented.join(', ')}` : '';
    console.log(
      `${result.grade.padEnd(8)} ${question.kind.padEnd(20)} conf ${draft.confidence.toFixed(2)} ${question.q}${why}${invented}`,
    );
  }
  const summary = tally(graded);
  console.log(
    JSON.stringify(
      { ...summary, aggregates: { open: aggregates.open, critical_risk: aggregates.critical_risk } },
      null,
      2,
    ),
  );
  console.log(
    `${summary.questions} questions: ${summary.correct} correct (${summary.correct_and_cited} cited), ${summary.declined} declined as they should be, ${summary.wrong} wrong, ${summary.invented_figures} invented figures`,
  );
} finally {
  await app.close();
  await database.drop();
}
