import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, returnPathFromSearch, safeReturnPath } from './return-path.ts';

describe('safeReturnPath', () => {
  it('keeps an in-app path with its query and hash', () => {
    expect(safeReturnPath('/companies/42?tab=news#top')).toBe('/companies/42?tab=news#top');
    expect(safeReturnPath('/deals')).toBe('/deals');
  });

  it.each([
    null,
    '',
    'deals',
    'https://evil.example/deals',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    ' /deals',
    'javascript:alert(1)',
    '/login',
    '/login?next=/deals',
    '/register',
  ])('refuses %j', (raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });
});

describe('loginPathReturningTo', () => {
  it('carries the page in ?next=, and nothing for the home page', () => {
    const path = loginPathReturningTo({ pathname: '/companies/42', search: '?tab=news', hash: '' });
    expect(path).toBe('/login?next=%2Fcompanies%2F42%3Ftab%3Dnews');
    expect(returnPathFromSearch(path.slice('/login'.length))).toBe('/companies/42?tab=news');
    expect(loginPathReturningTo({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});
