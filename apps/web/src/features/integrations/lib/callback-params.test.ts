import { describe, expect, it } from 'vitest';
import { gmailCallbackProblem, microsoftCallbackProblem, readCallbackParams } from './callback-params.ts';

const problem = (search: string) => microsoftCallbackProblem(readCallbackParams(search));
const gmailProblem = (search: string) => gmailCallbackProblem(readCallbackParams(search));

describe('OAuth return parameters (spec 03 §5, §8)', () => {
  it('accepts a code with a state', () => {
    expect(problem('?code=c&state=s')).toBeNull();
    expect(gmailProblem('?code=c&state=s')).toBeNull();
  });

  it("reads the provider's error as '{error}: {error_description}'", () => {
    expect(problem('?error=access_denied&error_description=The+user+declined')).toBe(
      'access_denied: The user declined',
    );
    expect(problem('?error=access_denied')).toBe('access_denied');
    expect(gmailProblem('?error=access_denied')).toBe('Authorization failed: access_denied');
  });

  it('names a missing code before a missing state', () => {
    expect(problem('')).toBe('Invalid authentication response');
    expect(problem('?state=s')).toBe('Invalid authentication response');
    expect(problem('?code=c')).toBe('Missing state parameter');
    expect(gmailProblem('?code=c')).toBe('Invalid authorization response - missing required parameters');
    expect(gmailProblem('?state=s')).toBe('Invalid authorization response - missing required parameters');
  });
});
