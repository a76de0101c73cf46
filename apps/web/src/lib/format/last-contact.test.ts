import { describe, expect, it } from 'vitest';
import { daysSince, isContactStale, lastContactLabel } from './last-contact.ts';

// Local times, so calendar days are those of the test machine's zone.
const now = new Date(2025, 5, 15, 9, 30).getTime();
const daysAgo = (days: number, hour = 12) => new Date(2025, 5, 15 - days, hour).toISOString();

describe('lastContactLabel', () => {
  it('says Never without a date', () => {
    expect(lastContactLabel(null, now)).toBe('Never');
    expect(lastContactLabel(undefined, now)).toBe('Never');
    expect(lastContactLabel('not a date', now)).toBe('Never');
  });

  it('says Today for today and for a date in the future', () => {
    expect(lastContactLabel(daysAgo(0, 8), now)).toBe('Today');
    expect(lastContactLabel(daysAgo(-3), now)).toBe('Today');
  });

  it('counts calendar days, so last night is 1 day ago', () => {
    expect(lastContactLabel(daysAgo(1, 23), now)).toBe('1 day ago');
    expect(lastContactLabel(daysAgo(2), now)).toBe('2 days ago');
    expect(lastContactLabel(daysAgo(6), now)).toBe('6 days ago');
  });

  it('switches to weeks from 7 days', () => {
    expect(lastContactLabel(daysAgo(7), now)).toBe('1w ago');
    expect(lastContactLabel(daysAgo(13), now)).toBe('1w ago');
    expect(lastContactLabel(daysAgo(14), now)).toBe('2w ago');
    expect(lastContactLabel(daysAgo(29), now)).toBe('4w ago');
  });

  it('switches to months from 30 days and to years from 365', () => {
    expect(lastContactLabel(daysAgo(30), now)).toBe('1mo ago');
    expect(lastContactLabel(daysAgo(59), now)).toBe('1mo ago');
    expect(lastContactLabel(daysAgo(60), now)).toBe('2mo ago');
    expect(lastContactLabel(daysAgo(364), now)).toBe('12mo ago');
    expect(lastContactLabel(daysAgo(365), now)).toBe('1y ago');
    expect(lastContactLabel(daysAgo(800), now)).toBe('2y ago');
  });
});

describe('isContactStale', () => {
  it('highlights contact older than 30 days only', () => {
    expect(isContactStale(daysAgo(30), now)).toBe(false);
    expect(isContactStale(daysAgo(31), now)).toBe(true);
    expect(isContactStale(daysAgo(400), now)).toBe(true);
    expect(isContactStale(daysAgo(0), now)).toBe(false);
  });

  it('does not treat never contacted as older than 30 days', () => {
    expect(isContactStale(null, now)).toBe(false);
  });

  it('exposes the day count it judges by', () => {
    expect(daysSince(daysAgo(31), now)).toBe(31);
    expect(daysSince(null, now)).toBeNull();
  });
});
