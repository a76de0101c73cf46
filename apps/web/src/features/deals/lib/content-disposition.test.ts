import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition.ts';

describe('filenameFromContentDisposition', () => {
  it('reads a quoted or bare filename', () => {
    expect(filenameFromContentDisposition('attachment; filename="deals-2025-06-15.csv"', 'x.csv')).toBe(
      'deals-2025-06-15.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=deals.csv', 'x.csv')).toBe('deals.csv');
  });

  it('prefers the RFC 6266 extended form', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="deals.csv"; filename*=UTF-8''Northbridge%20deals.csv`,
        'x.csv',
      ),
    ).toBe('Northbridge deals.csv');
  });

  it('falls back without a usable name and strips folders', () => {
    expect(filenameFromContentDisposition(null, 'deals.csv')).toBe('deals.csv');
    expect(filenameFromContentDisposition('attachment', 'deals.csv')).toBe('deals.csv');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/deals.csv"', 'x.csv')).toBe(
      'deals.csv',
    );
  });
});
