import type { TCitation, TRedFlagLevel } from '@atempo/contracts';
import type { Subject } from '../intents.ts';

/** An answer as one intent's composer writes it; the engine adds confidence and the tool lists. */
export interface Composed {
  answer: string;
  response_type: 'answer' | 'no_data' | 'clarification';
  citations: TCitation[];
  related: string[];
  /** 0–1: how much of what was asked the data held. */
  completeness: number;
}

export function noData(answer: string, related: string[], citations: TCitation[] = []): Composed {
  return { answer, response_type: 'no_data', citations, related, completeness: 0 };
}

/** The tool input naming a subject: a deal by id, a company by id. */
export function subjectInput(subject: Subject): { deal_id: string } | { company_id: string } {
  return subject.kind === 'deal' ? { deal_id: subject.deal_id } : { company_id: subject.company_id };
}

/** The tool input naming a subject for tools that take a deal id or a company name only. */
export function subjectByName(subject: Subject): { deal_id: string } | { company_name: string } {
  return subject.kind === 'deal' ? { deal_id: subject.deal_id } : { company_name: subject.name };
}

export function subjectLabel(subject: Subject): string {
  return subject.name ?? 'this deal';
}

export const RED_FLAG_LEVEL_LABELS: Record<TRedFlagLevel, string> = {
  reject: 'Critical Risk',
  high_risk: 'High Risk',
  moderate_risk: 'Moderate Risk',
  low_risk: 'Low Risk',
};

/** "Acme Ltd's", "Café Santé SAS's": company names take 's whatever their last letter. */
export const possessive = (name: string) => `${name}'s`;

const ACRONYMS: Record<string, string> = {
  arr: 'ARR',
  ebitda: 'EBITDA',
  mrr: 'MRR',
  cac: 'CAC',
  ltv: 'LTV',
  nrr: 'NRR',
  fcf: 'FCF',
  arpa: 'ARPA',
};

/** An input or metric name as words: "net_new_arr" → "net new ARR". */
export const nameAsWords = (name: string) =>
  name
    .split('_')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');
