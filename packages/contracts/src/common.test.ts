import { describe, expect, it } from 'vitest';
import { ZEmail, ZNewPassword } from './common.ts';

describe('common contracts', () => {
  it('normalises emails', () => {
    expect(ZEmail.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });
  it('refuses short passwords with the spec message', () => {
    const result = ZNewPassword.safeParse('short');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });
});
