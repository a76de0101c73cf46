import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition.ts';

describe('filenameFromContentDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(filenameFromContentDisposition('attachment; filename="companies-2025-03-01.csv"')).toBe(
      'companies-2025-03-01.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=companies.csv')).toBe('companies.csv');
    expect(
      filenameFromContentDisposition(`attachment; filename="x.csv"; filename*=UTF-8''soci%C3%A9t%C3%A9s.csv`),
    ).toBe('sociétés.csv');
  });

  it('drops path parts and answers undefined without a name', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment')).toBeUndefined();
    expect(filenameFromContentDisposition(null)).toBeUndefined();
  });
});
