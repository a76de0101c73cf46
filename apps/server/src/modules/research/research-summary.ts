import type { TResearchFact, TResearchHit, TResearchSummary } from '@atempo/contracts';
import { generateText } from 'ai';
import { createConfiguredModel } from '../../platform/ai/language-model.ts';
import type { JobDependencies } from '../../platform/context.ts';
import { euros, findUnsupportedFigures } from '../assistant/index.ts';

/**
 * The summary of what research gathered. The built-in one picks sentences from the facts, each
 * ending with its source in brackets. With a model configured, the model writes it from the same
 * facts, and the figure check rejects a summary stating a number the facts do not hold: the
 * built-in summary is then used, with a note saying why.
 */

export interface SummaryFacts {
  subject: string;
  facts: TResearchFact[];
  hits: TResearchHit[];
  missing: string[];
}

export function quotedFact(fact: Pick<TResearchFact, 'value' | 'unit' | 'currency'>): string {
  const { value, unit } = fact;
  if (typeof value !== 'number') return String(value);
  if (unit === 'currency')
    return fact.currency && fact.currency !== 'EUR'
      ? `${fact.currency} ${value.toLocaleString('en-GB')}`
      : euros(value);
  if (unit === 'fraction') return `${Math.round(value * 10_000) / 100}%`;
  if (unit === 'months') return `${value} months`;
  if (unit === 'ratio') return `${value}x`;
  return String(value);
}

const label = (field: string) => field.replaceAll('_', ' ');
const MAX_FACTS = 6;
const MAX_FIGURES = 14;
const MAX_HITS = 5;

export function builtInSummary(input: SummaryFacts): TResearchSummary {
  const sentences: string[] = [];
  const cite = (fact: TResearchFact) => `${label(fact.field)} ${quotedFact(fact)} [${fact.source.name}]`;
  // What the company is, then its figures: descriptions never crowd the figures out.
  const described = input.facts.filter((fact) => fact.unit === 'text').slice(0, MAX_FACTS);
  const figures = input.facts.filter((fact) => fact.unit !== 'text').slice(0, MAX_FIGURES);
  if (described.length > 0) sentences.push(`${input.subject}: ${described.map(cite).join('; ')}.`);
  if (figures.length > 0) sentences.push(`Figures: ${figures.map(cite).join('; ')}.`);
  const facts = [...described, ...figures];
  for (const hit of input.hits.slice(0, MAX_HITS)) {
    const described = [hit.stage, hit.sector_label, hit.region ?? hit.country].filter(Boolean).join(', ');
    const details = described ? ` (${described})` : '';
    const amount = hit.amount_eur !== null ? `, ${euros(hit.amount_eur)}` : '';
    const when = hit.date ? `, ${hit.date.slice(0, 10)}` : '';
    sentences.push(`${hit.title}${details}${amount}${when} [${hit.source.name}].`);
  }
  if (input.hits.length > MAX_HITS)
    sentences.push(`${input.hits.length - MAX_HITS} more results are listed below.`);
  if (facts.length === 0 && input.hits.length === 0)
    sentences.push(`Nothing about ${input.subject} is in the data.`);
  if (input.missing.length > 0) sentences.push(`Not in the data: ${input.missing.join(', ')}.`);
  return { text: sentences.join(' '), engine: 'built-in', model: null, note: null };
}

const PROMPT = (input: SummaryFacts) =>
  [
    'You are a credit analyst at a venture-debt lender. Summarise in 3 to 6 sentences what the facts below say.',
    'Use only these facts. State a number only as it is written in the facts, and name its source in brackets.',
    'Where the facts say something is not in the data, say so; never estimate.',
    `Subject: ${input.subject}`,
    'Facts (JSON):',
    JSON.stringify({
      facts: input.facts.map((fact) => ({
        field: fact.field,
        value: quotedFact(fact),
        source: fact.source.name,
      })),
      results: input.hits.slice(0, 20).map((hit) => ({
        title: hit.title,
        company: hit.company_name,
        amount_eur: hit.amount_eur,
        stage: hit.stage,
        region: hit.region,
        date: hit.date?.slice(0, 10) ?? null,
        source: hit.source.name,
      })),
      not_in_the_data: input.missing,
    }),
  ].join('\n');

export async function summarise(
  deps: Pick<JobDependencies, 'config' | 'logger'>,
  input: SummaryFacts,
): Promise<TResearchSummary> {
  const builtIn = builtInSummary(input);
  if (!deps.config.llm) return builtIn;
  const configured = createConfiguredModel(deps.config.llm);
  const model = `${configured.info.provider} · ${configured.info.model}`;
  try {
    const { text } = await generateText({
      model: configured.model,
      prompt: PROMPT(input),
      maxRetries: 0,
      temperature: 0,
      maxOutputTokens: 700,
      abortSignal: AbortSignal.timeout(2 * configured.timeoutMs),
    });
    const written = text.trim();
    if (!written) return { ...builtIn, note: `${model} answered nothing; the built-in summary is shown.` };
    const unsupported = findUnsupportedFigures(
      written,
      [input.facts, input.hits, input.facts.map(quotedFact)],
      [input.subject],
    );
    if (unsupported.length > 0) {
      return {
        ...builtIn,
        note: `The summary written by ${model} stated figures the data does not hold (${unsupported.join(', ')}); the built-in summary is shown.`,
      };
    }
    return { text: written, engine: 'llm', model, note: null };
  } catch (error) {
    deps.logger.warn({ err: error }, 'the model could not summarise research; the built-in summary stands');
    return { ...builtIn, note: `${model} could not be reached; the built-in summary is shown.` };
  }
}
