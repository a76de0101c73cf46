import type { TDealStage } from '@atempo/contracts';
import { findUnsupportedFigures } from '../../../platform/ai/figure-check.ts';
import type { AnswerDraft, AssistantEngine, ChatQuestion } from '../engine.ts';
import { runTool } from '../tools/index.ts';
import type { Composed } from './answers/composed.ts';
import { type CompanyMention, findCompanyMentions } from './company-mentions.ts';
import { compose } from './compose.ts';
import type { Intent, Subject, Understanding } from './intents.ts';
import { normaliseQuestion } from './question.ts';
import { questionParts } from './question-parts.ts';
import { type RunTool, ToolFailure, ToolSession } from './session.ts';
import { understand } from './understand.ts';

/**
 * The built-in analyst (DESIGN.md §5): deterministic question understanding, a fixed tool plan per
 * intent, and an answer composed only from the tools' outputs, each figure with its citation. No
 * model and no network. Before an answer leaves, the figure check confirms that every figure it
 * states is found in what the tools returned; a figure that is not (a bug) is reported and lowers
 * the confidence, exactly as for a model's answer.
 */

export const BUILT_IN_MODEL = 'atempo-analyst-1';

/** How many earlier questions are read to resolve "its", "and Beta?". */
const FOLLOW_UP_DEPTH = 3;

/** The tools' registry; tests and benchmarks may pass another runner (a failing one, a counting one). */
const registryRunTool: RunTool = (context, name, input) => runTool(context, name, input) as never;

export function createBuiltInAnalystEngine(options: { runTool?: RunTool } = {}): AssistantEngine {
  const run = options.runTool ?? registryRunTool;
  return {
    info: { provider: 'built-in', model: BUILT_IN_MODEL },
    async answer(context, question, { signal, onEvent }) {
      const session = new ToolSession(context, run, signal, onEvent);
      session.status('Reading the question…');
      const parts = questionParts(normaliseQuestion(question.query).original);
      if (parts.length > 1) {
        const understood = await understandParts(session, question, parts);
        if (understood.some((part) => part.understanding.intent.kind !== 'unknown')) {
          const { understanding, composed } = await composeParts(session, understood);
          return finish(session, question, understanding, composed);
        }
      }
      const understanding = await understandQuestion(session, question);
      const composed = await composeSafely(session, understanding.intent);
      return finish(session, question, understanding, composed);
    },
  };
}

async function composeSafely(session: ToolSession, intent: Understanding['intent']): Promise<Composed> {
  try {
    return await compose(session, intent);
  } catch (error) {
    if (!(error instanceof ToolFailure)) throw error;
    return {
      answer: `I could not read the data needed for this question just now (${error.tool.replaceAll('_', ' ')} failed). Please try again in a moment.`,
      response_type: 'no_data',
      citations: [],
      related: [],
      completeness: 0,
    };
  }
}

interface UnderstoodPart {
  text: string;
  understanding: Understanding;
}

/** Each part understood on its own; a part may refer back to the one before ("and its burn?"). */
async function understandParts(
  session: ToolSession,
  question: ChatQuestion,
  parts: string[],
): Promise<UnderstoodPart[]> {
  const understood: UnderstoodPart[] = [];
  for (const [index, text] of parts.entries()) {
    const before = parts.slice(0, index).map((content) => ({ role: 'user' as const, content }));
    const understanding = await understandQuestion(session, {
      ...question,
      query: text,
      conversation_history: [...question.conversation_history, ...before],
    });
    const previous = understood.at(-1);
    understood.push({
      text,
      understanding: withCompaniesOf(withStagesOf(understanding, previous, text), previous),
    });
  }
  return understood;
}

/** "of them", "those", "they": a part that refers back to the deals of the part before. */
const REFERS_BACK = /\b(?:them|those|these|they|their|of which)\b/i;

/**
 * "How many deals are in due diligence and which of them have critical red flags?": the second
 * part names no stage but means the first part's, so it takes them.
 */
function withStagesOf(
  understanding: Understanding,
  previous: UnderstoodPart | undefined,
  text: string,
): Understanding {
  const { intent } = understanding;
  const before = previous?.understanding.intent;
  const stages: TDealStage[] | null =
    before?.kind === 'red_flags' || before?.kind === 'portfolio' || before?.kind === 'deal_superlative'
      ? before.stages
      : null;
  if (!stages || !REFERS_BACK.test(text)) return understanding;
  if (
    (intent.kind === 'red_flags' || intent.kind === 'portfolio' || intent.kind === 'deal_superlative') &&
    !intent.stages
  ) {
    return { ...understanding, intent: { ...intent, stages } as Intent };
  }
  return understanding;
}

/**
 * "Compare Acme and Beta on runway and tell me which has more cash": a part that names a metric but
 * no new company, after a comparison, means the companies compared, not only the last one named.
 */
function withCompaniesOf(understanding: Understanding, previous: UnderstoodPart | undefined): Understanding {
  const before = previous?.understanding.intent;
  if (before?.kind !== 'compare') return understanding;
  const { intent } = understanding;
  const sameCompany = (subject: Subject) =>
    before.subjects.some((s) => subjectKey(s) === subjectKey(subject));
  const metrics =
    intent.kind === 'metrics' && sameCompany(intent.subject)
      ? intent.metrics
      : intent.kind === 'ranking'
        ? [intent.metric]
        : null;
  if (!metrics || metrics.length === 0) return understanding;
  return {
    ...understanding,
    intent: { kind: 'compare', subjects: before.subjects, metrics },
    match: Math.min(understanding.match, previous?.understanding.match ?? 1),
  };
}

const subjectKey = (subject: Subject) =>
  subject.kind === 'deal' ? `deal:${subject.deal_id}` : `company:${subject.company_id}`;

/**
 * Every part answered in turn under its own question, or said not to be answered; the confidence
 * counts the parts understood and answered, so half a question answered is not 90% sure.
 */
async function composeParts(
  session: ToolSession,
  parts: UnderstoodPart[],
): Promise<{ understanding: Understanding; composed: Composed }> {
  const answers: string[] = [];
  const citations: Composed['citations'] = [];
  const related: string[] = [];
  let completeness = 0;
  let answered = 0;
  for (const part of parts) {
    const title = `**${part.text.replace(/\*/g, '')}**`;
    if (part.understanding.intent.kind === 'unknown') {
      answers.push(`${title}\nI did not answer this part: I did not understand what it asks of the data.`);
      continue;
    }
    const composed = await composeSafely(session, part.understanding.intent);
    answers.push([title, composed.answer, ...part.understanding.notes].join('\n'));
    for (const citation of composed.citations) {
      const same = citations.some(
        (c) =>
          c.target.kind === citation.target.kind &&
          c.target.id === citation.target.id &&
          c.source === citation.source &&
          c.target.location === citation.target.location,
      );
      if (!same) citations.push(citation);
    }
    related.push(...composed.related);
    if (composed.response_type !== 'clarification') completeness += composed.completeness;
    if (composed.response_type === 'answer') answered++;
  }
  const match =
    parts.reduce(
      (sum, part) => sum + (part.understanding.intent.kind === 'unknown' ? 0 : part.understanding.match),
      0,
    ) / parts.length;
  return {
    understanding: {
      intent: { kind: 'multi_part', parts },
      match,
      notes: [],
    },
    composed: {
      answer: answers.join('\n\n'),
      response_type: answered > 0 ? 'answer' : 'no_data',
      citations,
      related,
      completeness: completeness / parts.length,
    },
  };
}

async function understandQuestion(session: ToolSession, question: ChatQuestion): Promise<Understanding> {
  const { context } = session;
  const normalised = normaliseQuestion(question.query);
  // The names found may be quoted back ("Which one: Nordlys Energy AB or Nordlys Solar Oy?").
  const lookup = async (text: string) => {
    const found = await findCompanyMentions(context.db, context.organizationId, text);
    session.remember(found.map((m) => [m.name, ...m.alternatives.map((a) => a.name)]));
    return found;
  };
  const mentions = await lookup(normalised.original);
  const earlier = question.conversation_history
    .filter((entry) => entry.role === 'user' && entry.content.trim() !== question.query.trim())
    .map((entry) => entry.content)
    .reverse()
    .slice(0, FOLLOW_UP_DEPTH);
  let previousMentions: CompanyMention[] = [];
  let previous: Understanding | null = null;
  if (earlier.length > 0 && !question.deal_id) {
    for (const text of earlier) {
      const found = await lookup(text);
      if (found.length === 0) continue;
      previousMentions = found;
      // The previous question, understood with its own companies, for "and Beta?".
      if (text === earlier[0]) {
        previous = understand({
          question: normaliseQuestion(text),
          mentions: found,
          dealId: null,
          previousMentions: [],
          previous: null,
          now: context.now,
        });
      }
      break;
    }
  }
  return understand({
    question: normalised,
    mentions,
    dealId: question.deal_id ?? null,
    previousMentions,
    previous,
    now: context.now,
  });
}

function finish(
  session: ToolSession,
  question: ChatQuestion,
  understanding: Understanding,
  composed: Composed,
): AnswerDraft {
  const answer = [composed.answer, ...understanding.notes].join('\n\n');
  const allowed = [question.query, ...question.conversation_history.map((entry) => entry.content)];
  const unsupported = findUnsupportedFigures(answer, session.outputs, allowed);
  const base =
    composed.response_type === 'answer'
      ? understanding.match * (0.5 + 0.5 * composed.completeness)
      : composed.response_type === 'no_data'
        ? understanding.match * 0.4
        : 0.2;
  const confidence = Math.round(base * (unsupported.length > 0 ? 0.5 : 1) * 100) / 100;
  return {
    answer,
    confidence,
    response_type: composed.response_type,
    citations: composed.citations,
    related_queries: [...new Set(composed.related)]
      .filter((q) => q.trim() !== question.query.trim())
      .slice(0, 4),
    tool_calls: session.records,
    tools_selected: session.selected,
    ...(unsupported.length > 0 ? { unsupported_figures: unsupported } : {}),
  };
}
