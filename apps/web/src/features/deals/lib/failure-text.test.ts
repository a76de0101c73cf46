import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';
import { failureText } from './failure-text.ts';

describe('failureText', () => {
  it('uses the server detail, else the message, else Unknown error', () => {
    expect(failureText(new ApiError({ status: 409, detail: 'Deal is locked', code: 'LOCKED' }))).toBe(
      'Deal is locked',
    );
    expect(failureText(new ApiError({ status: 500, detail: '', code: 'HTTP_500' }))).toBe(
      'Request failed with status 500',
    );
    expect(failureText(new Error('Network down'))).toBe('Network down');
    expect(failureText('nope')).toBe('Unknown error');
  });
});
