import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENTS_INITIAL, maxDocumentsFrom } from './max-documents.ts';

describe('Max documents (spec 03 §5, §9)', () => {
  it('starts at 2', () => {
    expect(MAX_DOCUMENTS_INITIAL).toBe('2');
  });

  it.each([
    ['1', 1],
    ['2', 2],
    [' 57 ', 57],
    ['100', 100],
  ])('keeps %j as %d', (typed, expected) => {
    expect(maxDocumentsFrom(typed)).toBe(expected);
  });

  it.each(['', '   ', '0', '101', '-3', '2.5', 'abc', '1e2'])('falls back to 20 for %j', (typed) => {
    expect(maxDocumentsFrom(typed)).toBe(20);
  });
});
