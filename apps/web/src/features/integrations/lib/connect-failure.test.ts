import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { connectFailureText } from './connect-failure.ts';

describe("a failed connect start (spec 03 §8 'Failed to start OAuth: {message}')", () => {
  it("uses the server's sentence", () => {
    expect(
      connectFailureText(new ApiError({ status: 502, detail: 'Google is down', code: 'UPSTREAM' })),
    ).toBe('Failed to start OAuth: Google is down');
  });

  it("reads 'HTTP {status}: {body}' for an answer without a sentence", () => {
    expect(connectFailureText(new ApiError({ status: 500, detail: '', code: 'HTTP_500' }))).toBe(
      'Failed to start OAuth: HTTP 500: HTTP_500',
    );
  });

  it('says plainly when the server lacks the provider settings', () => {
    const detail = 'Microsoft sign-in is not configured on this server';
    expect(connectFailureText(new ApiError({ status: 400, detail, code: 'NOT_CONFIGURED' }))).toBe(detail);
  });
});
