import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../test/server.ts';

/** poppler's pdftotext, which reads the exported PDFs back to text in the tests. */
export const PDFTOTEXT = [
  '/usr/bin/pdftotext',
  '/usr/local/bin/pdftotext',
  '/opt/homebrew/bin/pdftotext',
].find((path) => existsSync(path));
export const NO_PDFTOTEXT = 'pdftotext (poppler-utils) is not installed: the PDF export tests need it';

/** The PDF's text, pages separated by form feeds, in reading order. */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!PDFTOTEXT) return reject(new Error(NO_PDFTOTEXT));
    const child = execFile(
      PDFTOTEXT,
      ['-enc', 'UTF-8', '-', '-'],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin?.end(pdf);
  });
}

/** The pages of pdftotext's output (it ends every page with a form feed). */
export const pagesOf = (text: string) => text.split('\f').slice(0, -1);

export async function createDeal(app: FastifyInstance, token: string, companyName = 'Northwind Analytics') {
  const response = await call<{ id: string; deal_number: number }>(app, 'POST', '/api/v1/deals', {
    token,
    body: { company_name: companyName, amount_requested: 5_000_000, stage: 'due_diligence' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** POST /ic-memos/{id}/export-pdf, answering the raw bytes. */
export async function exportPdf(app: FastifyInstance, token: string, memoId: string, body: unknown = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/ic-memos/${memoId}/export-pdf`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    json: () => response.json(),
  };
}

export const SECTION_TITLES = [
  'Executive Summary',
  'Company Overview',
  'Market Opportunity',
  'Competitive Landscape',
  'Product and Technology',
  'Team Assessment',
  'Financial Analysis',
  'Risk Assessment',
  'Deal Terms',
  'Deal Terms (proposal)',
  'Recommendation',
];

/** The section headings of the PDF's text after the cover (lines that are exactly a title), in order. */
export const headingsOf = (text: string) =>
  text
    .slice(text.indexOf('\f') + 1)
    .split('\n')
    .filter((line) => SECTION_TITLES.includes(line.trim()))
    .map((line) => line.trim());

/** One section's text (from its heading to the next), spacing collapsed. */
export function sectionOf(text: string, title: string): string {
  const lines = text.slice(text.indexOf('\f') + 1).split('\n');
  const start = lines.findIndex((line) => line.trim() === title);
  if (start < 0) return '';
  const end = lines.findIndex((line, index) => index > start && SECTION_TITLES.includes(line.trim()));
  return lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join(' ')
    .replace(/\s+/g, ' ');
}
