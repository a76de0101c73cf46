import { euros } from '../../assistant/index.ts';
import { inline } from '../footnotes.ts';
import type { Writer } from './writer.ts';

/** The sections about the company: its overview, its product and technology, its team. */

export function companyOverview(w: Writer): string {
  const { company } = w.facts;
  const lines: string[] = [];
  if (company.description && company.description_citation)
    lines.push(w.cited(company.description, company.description_citation));
  const facts = [
    company.industry && `Industry: ${inline(company.industry)}`,
    company.country && `Headquarters: ${inline(company.country)}`,
    company.stage && `Funding stage: ${inline(company.stage)}`,
    company.founded_year !== null && `Founded: ${w.cited(String(company.founded_year), company.citation)}`,
    company.website && `Website: ${inline(company.website)}`,
    company.total_funding !== null &&
      `Total funding: ${w.cited(euros(company.total_funding), company.citation)}`,
    company.investors.length > 0 && `Investors: ${inline(company.investors.join(', '))}`,
  ].filter((item): item is string => Boolean(item));
  for (const name of ['last_round_amount', 'employee_count', 'customers']) {
    const metric = w.metric(name);
    if (metric) facts.push(`${metric.label}: ${w.figure(metric)}`);
  }
  if (facts.length > 0) lines.push(facts.map((fact) => `- ${fact}`).join('\n'));
  if (!company.description)
    lines.push(
      w.gap('the company record has no description of the business; add one or upload the pitch deck.'),
    );
  return lines.join('\n\n');
}

export function productTechnology(w: Writer): string {
  const { company } = w.facts;
  const lines: string[] = [];
  if (company.description && company.description_citation)
    lines.push(`As recorded: ${w.cited(company.description, company.description_citation)}`);
  lines.push(
    w.gap(
      'product, technology and roadmap details are not recorded; upload a product overview or the pitch deck.',
    ),
  );
  return lines.join('\n\n');
}

export function teamAssessment(w: Writer): string {
  const { company } = w.facts;
  const items: string[] = [];
  if (company.ceo_name) items.push(`Chief executive: ${inline(company.ceo_name)}`);
  if (company.recent_cfo_hire) items.push('A chief financial officer was hired recently.');
  const employees = w.metric('employee_count');
  if (employees) items.push(`Employees: ${w.figure(employees)}`);
  const lines = items.length > 0 ? [items.map((item) => `- ${item}`).join('\n')] : [];
  lines.push(
    w.gap(
      "management biographies and the team's track record are not recorded; upload management CVs or the team slide.",
    ),
  );
  return lines.join('\n\n');
}
