import { writeFileSync } from 'node:fs';
import { realisticFootnotes, realisticSections } from './ic-memo-pdf.fixtures.ts';
import { renderIcMemoPdf } from './ic-memo-pdf.ts';
import { composeIcMemoEmail } from './ic-memo-email.ts';
const dealId = crypto.randomUUID();
const memo = { id: crypto.randomUUID(), dealId, dealNumber: 7, companyName: 'Northwind Analytics', version: 3, stage: 'due_diligence', amountRequested: 5_000_000, sections: realisticSections(), formattedMarkdown: '', footnotes: realisticFootnotes(dealId), generatedBy: 'Built-in analyst', termsAreProposal: true, createdAt: new Date('2026-11-20T08:30:00Z') };
writeFileSync('/tmp/memo.pdf', await renderIcMemoPdf(memo, { include_financials: true, include_risks: true, include_recommendations: true }));
writeFileSync('/tmp/memo.html', composeIcMemoEmail(memo, 'IC memo').html);
