import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition.ts';

const FALLBACK = 'fallback.csv';

describe('filenameFromContentDisposition', () => {
  it.each([
    ['a quoted name', 'attachment; filename="deals-2025-06-15.csv"', 'deals-2025-06-15.csv'],
    ['a bare name', 'attachment; filename=companies.csv', 'companies.csv'],
    ['a bare name with spaces around', 'attachment; filename = deals.csv ; size=3', 'deals.csv'],
    ['escapes in a quoted name', 'attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ['a semicolon inside quotes', 'attachment; filename="a;b.csv"', 'a;b.csv'],
    ['parameter names in any case', 'attachment; FileName="deals.csv"', 'deals.csv'],
    [
      'filename* over filename',
      `attachment; filename="deals.csv"; filename*=UTF-8''Northbridge%20deals.csv`,
      'Northbridge deals.csv',
    ],
    [
      'filename* before filename',
      `attachment; filename*=UTF-8''soci%C3%A9t%C3%A9s.csv; filename="x.csv"`,
      'sociétés.csv',
    ],
    ['filename* with a language', `attachment; filename*=utf-8'en'%E2%82%AC%20rates.pdf`, '€ rates.pdf'],
    ['a quoted filename*', `attachment; filename*="UTF-8''na%C3%AFve.csv"`, 'naïve.csv'],
    ['an ISO-8859-1 filename*', `attachment; filename*=iso-8859-1''caf%E9.csv`, 'café.csv'],
    [
      'filename when filename* does not decode',
      `attachment; filename*=UTF-8''%E0%A4%A; filename=x.csv`,
      'x.csv',
    ],
    [
      'filename when filename* has no charset part',
      'attachment; filename*=plain.csv; filename=x.csv',
      'x.csv',
    ],
    ['the file of a path', 'attachment; filename="../../etc/passwd"', 'passwd'],
    ['the file of a Windows path', 'attachment; filename="C:\\\\temp\\\\deals.csv"', 'deals.csv'],
    ['the file of a path in filename*', `attachment; filename*=UTF-8''..%2F..%2Fdeals.csv`, 'deals.csv'],
  ])('reads %s', (_, header, expected) => {
    expect(filenameFromContentDisposition(header, FALLBACK)).toBe(expected);
  });

  it.each([
    ['no header', null],
    ['an undefined header', undefined],
    ['an empty header', ''],
    ['no file name', 'attachment'],
    ['an empty file name', 'attachment; filename=""'],
    ['a name that is only a folder', 'attachment; filename="../"'],
    ['a name that is only dots', 'attachment; filename=".."'],
  ])('falls back with %s', (_, header) => {
    expect(filenameFromContentDisposition(header, FALLBACK)).toBe(FALLBACK);
  });
});
