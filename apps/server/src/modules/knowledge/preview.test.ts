import { describe, expect, it } from 'vitest';
import { needlesOf, previewAround } from './preview.ts';

describe('previewAround', () => {
  const page = `${'Opening remarks about the year and the network. '.repeat(8)}Capital expenditures, including capitalized software, were $23.1 billion and $20.3 billion for 2022 and 2021. ${'Closing words on pensions. '.repeat(10)}`;

  it('cuts about 200 characters around the window holding the most query words', () => {
    const preview = previewAround(
      page,
      needlesOf(["'capit' <-> 'expenditur'", "'2022'"], ['capital', 'expenditure']),
    );
    expect(preview).toContain('Capital expenditures, including capitalized software, were $23.1 billion');
    expect(preview.startsWith('…')).toBe(true);
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(202);
  });

  it('starts at the top when nothing matches, and keeps short text whole', () => {
    expect(previewAround(page, ['zebra']).startsWith('Opening remarks')).toBe(true);
    expect(previewAround('  Short\n\n text  ', [])).toBe('Short text');
  });

  it('counts a hit only at the start of a word', () => {
    const preview = previewAround(`${'x '.repeat(150)}recapitalised ${'y '.repeat(150)}capital here`, [
      'capit',
    ]);
    expect(preview).toContain('capital here');
  });
});
