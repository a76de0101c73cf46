import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../test/fakes.ts';
import {
  candidateApiBases,
  detectEnvironment,
  ENVIRONMENT_OVERRIDE_KEY,
  hostedApiBase,
  isFlagSet,
  isLocalHostname,
  LOCAL_API_BASE,
} from './environment.ts';

describe('environment detection', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.8.9.10',
    '::1',
    '[::1]',
    '0.0.0.0',
    'atempo.local',
    'app.localhost',
  ])('treats %s as a local host', (hostname) => {
    expect(isLocalHostname(hostname)).toBe(true);
  });

  it.each([
    'atempo.example.com',
    'my-service-abc.a.run.app',
    '10.0.0.4',
    'localhost.example.com',
    '128.0.0.1',
  ])('treats %s as a hosted domain', (hostname) => {
    expect(isLocalHostname(hostname)).toBe(false);
  });

  it.each(['3000', '3001', '8080', '5173', '4200'])(
    'treats dev port %s on any host as development',
    (port) => {
      expect(detectEnvironment({ location: { hostname: '192.168.1.20', port } })).toBe('development');
    },
  );

  it('is production on a hosted domain with a default port', () => {
    expect(detectEnvironment({ location: { hostname: 'deals.example.com', port: '' } })).toBe('production');
    expect(detectEnvironment({ location: { hostname: 'deals.example.com', port: '8000' } })).toBe(
      'production',
    );
  });

  it('is production on a local host when the build flag says so', () => {
    expect(
      detectEnvironment({ location: { hostname: 'localhost', port: '5173' }, forceProduction: true }),
    ).toBe('production');
  });

  it('lets the session value force either environment, ahead of the flag and the host', () => {
    const session = new MemoryStorage();
    session.setItem(ENVIRONMENT_OVERRIDE_KEY, 'development');
    expect(
      detectEnvironment({
        location: { hostname: 'deals.example.com', port: '' },
        session,
        forceProduction: true,
      }),
    ).toBe('development');
    session.setItem(ENVIRONMENT_OVERRIDE_KEY, 'production');
    expect(detectEnvironment({ location: { hostname: 'localhost', port: '5173' }, session })).toBe(
      'production',
    );
  });

  it('ignores an unknown session value', () => {
    const session = new MemoryStorage();
    session.setItem(ENVIRONMENT_OVERRIDE_KEY, 'staging');
    expect(detectEnvironment({ location: { hostname: 'localhost', port: '' }, session })).toBe('development');
  });

  it('reads the usual spellings of a build flag', () => {
    expect(isFlagSet('true')).toBe(true);
    expect(isFlagSet(' 1 ')).toBe(true);
    expect(isFlagSet('false')).toBe(false);
    expect(isFlagSet(undefined)).toBe(false);
  });
});

describe('API candidates', () => {
  it('defaults the hosted base to this origin', () => {
    expect(hostedApiBase('https://deals.example.com')).toBe('https://deals.example.com/api/v1');
  });

  it('uses a configured base, absolute or relative, without a trailing slash', () => {
    expect(hostedApiBase('https://deals.example.com', 'https://api.example.com/api/v1/')).toBe(
      'https://api.example.com/api/v1',
    );
    expect(hostedApiBase('https://deals.example.com', '/backend/api/v1')).toBe(
      'https://deals.example.com/backend/api/v1',
    );
    expect(hostedApiBase('https://deals.example.com', '  ')).toBe('https://deals.example.com/api/v1');
  });

  it('tries local first then hosted in development, hosted only in production', () => {
    expect(candidateApiBases('development', 'https://x.example.com/api/v1')).toEqual([
      LOCAL_API_BASE,
      'https://x.example.com/api/v1',
    ]);
    expect(candidateApiBases('production', 'https://x.example.com/api/v1')).toEqual([
      'https://x.example.com/api/v1',
    ]);
  });

  it('does not probe the same base twice', () => {
    expect(candidateApiBases('development', LOCAL_API_BASE)).toEqual([LOCAL_API_BASE]);
  });
});
