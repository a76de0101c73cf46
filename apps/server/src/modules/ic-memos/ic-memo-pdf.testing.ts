import { extractDocument } from '@atempo/documents';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../../test/server.ts';

/**
 * The PDF's text as the upload pipeline reads a PDF (pdftotext when poppler is installed, pdf.js
 * otherwise), each page ended as pdftotext ends it: a line break, then a form feed.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await extractDocument(pdf, 'pdf');
  // A notice would mean pages or text were left out: the checks would then read part of the PDF.
  expect(document.notices).toEqual([]);
  return document.pages.map((page) => `${page.text}\n\f`).join('');
}

/** The pages of pdfText's output. */
export const pagesOf = (text: string) => text.split('\f').slice(0, -1);

/** Collapses the extracted text's line breaks and spacing so phrases can be looked for. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

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
