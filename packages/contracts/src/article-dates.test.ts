import { describe, expect, it } from 'vitest';
import { parseArticleDate } from './article-dates.ts';

describe('parseArticleDate', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['Mon, 16 Nov 2026 08:30:00 +0100', '2026-11-16T07:30:00.000Z'],
    ['Mon, 16 Nov 2026 08:30:00 GMT', '2026-11-16T08:30:00.000Z'],
    ['16 Nov 2026 08:30:00 EST', '2026-11-16T13:30:00.000Z'],
    ['Mon, 16 Nov 26 08:30:00 GMT', '2026-11-16T08:30:00.000Z'],
    ['Mon, 16 Nov 2026 08:30 +0000', '2026-11-16T08:30:00.000Z'],
    ['Mon, 16 Nov 2026 08:30:00', '2026-11-16T08:30:00.000Z'],
    ['Monday, 16 November 2026 08:30:00 GMT', '2026-11-16T08:30:00.000Z'],
    ['2026-11-16T08:30:00Z', '2026-11-16T08:30:00.000Z'],
    ['2026-11-16T08:30:00.250+02:00', '2026-11-16T06:30:00.250Z'],
    ['2026-11-16T08:30:00+0200', '2026-11-16T06:30:00.000Z'],
    ['2026-11-16T08:30:00', '2026-11-16T08:30:00.000Z'],
    ['2026-11-16 08:30', '2026-11-16T08:30:00.000Z'],
    ['2026-11-16', '2026-11-16T00:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(parseArticleDate(text, now)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    'yesterday',
    '2026-13-45',
    'Mon, 45 Foo 2026',
    '1970-01-01T00:00:00Z',
    '2030-01-01T00:00:00Z',
    '1'.repeat(100),
  ])('refuses %j', (text) => {
    expect(parseArticleDate(text, now)).toBeUndefined();
  });
});
