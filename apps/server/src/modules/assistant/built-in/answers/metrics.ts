import type { TSourcedMetric, TToolOutput } from '@atempo/contracts';
import { rankCitations } from '../citations.ts';
import { cell, figure, listing } from '../format.ts';
import type { Intent, Subject } from '../intents.ts';
import type { ToolSession } from '../session.ts';
import { METRIC_CONCEPTS, type MetricConcept } from '../vocabulary.ts';
import { type Composed, noData, possessive, subjectInput, subjectLabel } from './composed.ts';

type MetricsIntent = Extract<Intent, { kind: 'metrics' }>;
type CompareIntent = Extract<Intent, { kind: 'compare' }>;
type Calculated = TToolOutput<'calculate_metrics'>;

const conceptOf = (key: string): MetricConcept =>
  METRIC_CONCEPTS.find((c) => c.key === key) ?? {
    key,
    label: key.replaceAll('_', ' '),
    phrases: [],
    names: [key],
  };

/**
 * The recorded figure for a concept: the first the tool lists under one of the concept's names,
 * an actual before a document's projection.
 */
export function pickMetric(metrics: TSourcedMetric[], concept: MetricConcept): TSourcedMetric | null {
  for (const actual of [true, false]) {
    for (const name of concept.names) {
      const found = metrics.find(
        (m) => m.name === name && Number.isFinite(m.value) && !m.projection === actual,
      );
      if (found) return found;
    }
  }
  return null;
}

export function describeSource(metric: TSourcedMetric): string {
  const where = metric.source.location
    ? `${metric.source.name}, ${metric.source.location.label}`
    : `the ${metric.source.kind} record of ${metric.source.name}`;
  const period = metric.period ? `${metric.period}; ` : '';
  return `${period}${where}`;
}

function writeMetric(metric: TSourcedMetric): string {
  const value = figure(metric.value, metric.unit, metric.currency);
  return metric.projection ? `${value} (a projection, not an actual)` : value;
}

async function readMetrics(session: ToolSession, subject: Subject, concepts: MetricConcept[]) {
  return session.call(
    'get_financial_metrics',
    { ...subjectInput(subject), metrics: [...new Set(concepts.flatMap((c) => c.names))] },
    `Reading ${possessive(subjectLabel(subject))} financial metrics…`,
  );
}

/** Runway, CAC payback, LTV/CAC: worked out from their inputs when no recorded figure exists. */
async function calculateMissing(
  session: ToolSession,
  subject: Subject,
  concept: MetricConcept,
): Promise<Calculated | null> {
  if (!concept.calculation) return null;
  const output = await session.call(
    'calculate_metrics',
    { calculation: concept.calculation, ...subjectInput(subject) },
    `Calculating ${concept.label}…`,
  );
  return output.result === null ? null : output;
}

export async function answerMetrics(session: ToolSession, intent: MetricsIntent): Promise<Composed> {
  const concepts = intent.metrics.map(conceptOf);
  const output = await readMetrics(session, intent.subject, concepts);
  const name = output.subject?.company_name ?? subjectLabel(intent.subject);
  if (!output.subject) {
    return noData(
      `I could not find ${subjectLabel(intent.subject)} in your organisation's companies or deals.`,
      ['Which companies are in the pipeline?', 'What is the total pipeline by stage?'],
    );
  }
  const found: { concept: MetricConcept; text: string; ids: string[] }[] = [];
  const missing: MetricConcept[] = [];
  const calculations: Calculated[] = [];
  for (const concept of concepts) {
    const metric = pickMetric(output.metrics, concept);
    if (metric) {
      found.push({
        concept,
        text: `${writeMetric(metric)} (${describeSource(metric)})`,
        ids: [metric.source.id],
      });
      continue;
    }
    const calculated = await calculateMissing(session, intent.subject, concept);
    if (calculated && calculated.result !== null) {
      calculations.push(calculated);
      found.push({
        concept,
        text: `${figure(calculated.result, calculated.unit)} (calculated: ${calculated.formula})`,
        ids: [],
      });
    } else {
      missing.push(concept);
    }
  }
  const related = relatedFor(name, intent.metrics);
  const citations = rankCitations([...output.citations, ...calculations.flatMap((c) => c.citations)], {
    keepIds: [output.subject.id, output.subject.company_id, ...found.flatMap((f) => f.ids)],
    orderIds: found.flatMap((f) => f.ids),
  });
  if (found.length === 0) {
    return noData(
      `The data holds no ${listing(missing.map((c) => c.label))} for ${name}. ${uploadHint(missing)}`,
      related,
      citations,
    );
  }
  const lines: string[] = [];
  if (found.length === 1 && intent.named) {
    const only = found[0] as (typeof found)[number];
    lines.push(`${possessive(name)} ${only.concept.label} is ${only.text}.`);
  } else {
    lines.push(intent.named ? `**${name}**:` : `Latest financial status of **${name}**:`);
    for (const item of found) lines.push(`- ${capitalise(item.concept.label)}: ${item.text}`);
  }
  if (missing.length > 0) {
    lines.push('', `Not in the data: ${listing(missing.map((c) => c.label))}. ${uploadHint(missing)}`);
  }
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations,
    related,
    completeness: found.length / concepts.length,
  };
}

export async function answerCompare(session: ToolSession, intent: CompareIntent): Promise<Composed> {
  const concepts = intent.metrics.map(conceptOf);
  const outputs: { subject: Subject; output: TToolOutput<'get_financial_metrics'> }[] = [];
  for (const subject of intent.subjects)
    outputs.push({ subject, output: await readMetrics(session, subject, concepts) });
  const names = outputs.map(({ subject, output }) => output.subject?.company_name ?? subjectLabel(subject));
  let held = 0;
  const rows = concepts.map((concept) => {
    const cells = outputs.map(({ output }) => {
      const metric = pickMetric(output.metrics, concept);
      if (metric) held++;
      return metric ? writeMetric(metric) : 'not in the data';
    });
    return `| ${capitalise(concept.label)} | ${cells.map(cell).join(' | ')} |`;
  });
  const ids = outputs.flatMap(({ output }) =>
    output.subject ? [output.subject.id, output.subject.company_id] : [],
  );
  const citations = rankCitations(
    outputs.flatMap(({ output }) => output.citations),
    {
      keepIds: [...ids, ...outputs.flatMap(({ output }) => output.metrics.map((m) => m.source.id))],
      orderIds: ids,
    },
  );
  const related = [
    `What is ${possessive(names[0] ?? '')} runway?`,
    `Size a facility for ${names[1] ?? names[0]}`,
    `What are the red flags for ${names[0]}?`,
  ];
  const compared = listing(concepts.map((c) => c.label));
  if (held === 0) {
    return noData(
      `The data holds no ${compared} for ${listing(names)}. ${uploadHint(concepts)}`,
      related,
      citations,
    );
  }
  const lines = [
    `${listing(names.map((n) => `**${n}**`))} on ${compared}:`,
    '',
    `| Metric | ${names.map(cell).join(' | ')} |`,
    `|---|${names.map(() => '---:').join('|')}|`,
    ...rows,
  ];
  lines.push(...leaders(outputs, concepts, names));
  const sources = outputs.flatMap(({ output }) =>
    concepts.flatMap((concept) => {
      const metric = pickMetric(output.metrics, concept);
      return metric
        ? [`${output.subject?.company_name}: ${concept.label} from ${describeSource(metric)}`]
        : [];
    }),
  );
  if (sources.length > 0) lines.push('', `Sources: ${sources.slice(0, 6).join('; ')}.`);
  return {
    answer: lines.join('\n'),
    response_type: 'answer',
    citations,
    related,
    completeness: held / (concepts.length * outputs.length),
  };
}

/**
 * "…and tell me which has more cash": per metric, which company has the most, from actual figures
 * of one unit only (a projection is not compared with an actual), and who lacks it.
 */
function leaders(
  outputs: { output: TToolOutput<'get_financial_metrics'> }[],
  concepts: MetricConcept[],
  names: string[],
): string[] {
  const lines: string[] = [];
  for (const concept of concepts) {
    const held = outputs.flatMap(({ output }, index) => {
      const metric = pickMetric(output.metrics, concept);
      return metric && !metric.projection ? [{ name: names[index] ?? '', metric }] : [];
    });
    if (held.length < 2 || new Set(held.map((h) => `${h.metric.unit}:${h.metric.currency}`)).size > 1)
      continue;
    const top = [...held].sort((a, b) => b.metric.value - a.metric.value)[0]!;
    const tied = held.filter((h) => h.metric.value === top.metric.value).length > 1;
    const lacking = names.filter((name) => !held.some((h) => h.name === name));
    lines.push(
      '',
      tied
        ? `${capitalise(concept.label)}: ${listing(held.map((h) => `**${h.name}**`))} are level at ${writeMetric(top.metric)}.`
        : `Highest ${concept.label}: **${top.name}** (${writeMetric(top.metric)}).${lacking.length > 0 ? ` Not in the data for ${listing(lacking)}.` : ''}`,
    );
  }
  return lines;
}

export function uploadHint(missing: MetricConcept[]): string {
  const keys = new Set(missing.map((c) => c.key));
  if (
    keys.has('churn') ||
    keys.has('nrr') ||
    keys.has('customers') ||
    keys.has('ltv_cac') ||
    keys.has('cac_payback')
  ) {
    return 'Upload a board report or KPI pack that states them, or add them to the financial facts.';
  }
  if (keys.has('runway') || keys.has('cash') || keys.has('burn')) {
    return 'Upload recent management accounts or a bank statement (cash and monthly burn give the runway), or add them to the financial facts.';
  }
  return 'Upload financial statements or a board report that state them, or add them to the financial facts.';
}

function relatedFor(name: string, metrics: string[]): string[] {
  const related = [
    `What is ${possessive(name)} runway?`,
    `What is ${possessive(name)} burn multiple?`,
    `Size a facility for ${name}`,
    `What are the red flags for ${name}?`,
  ];
  return related
    .filter((q) => !metrics.some((m) => q.toLowerCase().includes(conceptOf(m).label.toLowerCase())))
    .slice(0, 3);
}

const capitalise = (text: string) =>
  /^[a-z]/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : text;
