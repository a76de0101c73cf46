import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { failureMessage, failureText } from './failure-text.ts';

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

  it('words a failed action as the spec does', () => {
    expect(
      failureMessage('create deal', new ApiError({ status: 422, detail: 'is too large', code: 'X' })),
    ).toBe('Failed to create deal: is too large');
    expect(failureMessage('delete company', null)).toBe('Failed to delete company: Unknown error');
  });
});
