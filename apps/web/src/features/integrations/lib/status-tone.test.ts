import { describe, expect, it } from 'vitest';
import { runStatusTone } from './status-tone.ts';

describe('ingestion status colours (spec 03 §4)', () => {
  it.each([
    ['success', 'green'],
    ['completed', 'green'],
    ['failed', 'red'],
    ['error', 'red'],
    ['running', 'blue'],
    ['queued', 'yellow'],
    ['partial', 'yellow'],
  ])('%s is %s', (status, tone) => {
    expect(runStatusTone(status)).toBe(tone);
  });
});
