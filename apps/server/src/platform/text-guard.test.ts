import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './text-guard.ts';

describe('findUnstorableText', () => {
  it('accepts well-formed text, emoji (surrogate pairs) included', () => {
    expect(
      findUnstorableText({ name: 'Café 🚀 Ltd', tags: ['Ünïcödé', '日本'], n: 1, ok: true }),
    ).toBeUndefined();
  });

  it('finds NUL and lone surrogates anywhere in a string, with the path to it', () => {
    expect(findUnstorableText({ a: { b: ['x', 'y\u0000'] } })).toEqual({
      path: 'a.b.1',
      message: expect.stringMatching(/NUL/),
    });
    for (const lone of ['\ud800', 'x\ud83d', '\udc00x', '\ude80\ud83d']) {
      expect(findUnstorableText({ name: lone })?.path, JSON.stringify(lone)).toBe('name');
    }
  });

  it('checks object keys too, and names them printably', () => {
    const found = findUnstorableText({ metrics: { 'bad\u0000key': 1 } });
    expect(found?.message).toMatch(/^key /);
    expect(found?.path).toBe('metrics.bad\\u0000key');
  });

  it('walks very deep nesting without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let depth = 0; depth < 100_000; depth++) deep = [deep];
    const found = findUnstorableText(deep);
    expect(found?.message).toMatch(/NUL/);
    expect(found?.path).toBe(`…${'.0'.repeat(12)}`);
  });
});
