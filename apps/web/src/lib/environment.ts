import type { KeyValueStorage, LocationInfo } from './platform.ts';

/** Spec 01 §1: which backend the client talks to. */
export type AppEnvironment = 'production' | 'development';

/** sessionStorage key whose value ('production' | 'development') forces an environment for the tab. */
export const ENVIRONMENT_OVERRIDE_KEY = 'atempo_env';

/** Ports that dev servers of common front-end tools listen on. */
export const LOCAL_DEV_PORTS: readonly string[] = ['3000', '3001', '8080', '5173', '4200'];

export const LOCAL_API_BASE = 'http://localhost:8000/api/v1';

export function isLocalHostname(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host.endsWith('.local')
  );
}

export function isLocalLocation(location: Pick<LocationInfo, 'hostname' | 'port'>): boolean {
  return isLocalHostname(location.hostname) || LOCAL_DEV_PORTS.includes(location.port);
}

export interface EnvironmentInputs {
  location: Pick<LocationInfo, 'hostname' | 'port'>;
  session?: Pick<KeyValueStorage, 'getItem'>;
  /** The build-time VITE_FORCE_PRODUCTION flag. */
  forceProduction?: boolean;
}

/**
 * The session override wins (it exists to debug one tab against the other backend), then the
 * build flag, then the host: local hosts are development, every other host production.
 */
export function detectEnvironment({ location, session, forceProduction }: EnvironmentInputs): AppEnvironment {
  const override = readOverride(session);
  if (override) return override;
  if (forceProduction) return 'production';
  return isLocalLocation(location) ? 'development' : 'production';
}

function readOverride(session: Pick<KeyValueStorage, 'getItem'> | undefined): AppEnvironment | null {
  try {
    const value = session?.getItem(ENVIRONMENT_OVERRIDE_KEY);
    return value === 'production' || value === 'development' ? value : null;
  } catch {
    // Storage can be unavailable (privacy modes); the host decides then.
    return null;
  }
}

/** The hosted API: the configured base, else this site's own origin. Always absolute, no trailing slash. */
export function hostedApiBase(origin: string, configuredBase?: string): string {
  const base = configuredBase?.trim() ? new URL(configuredBase.trim(), origin).href : `${origin}/api/v1`;
  return base.replace(/\/+$/, '');
}

/** Fallback order: local first then hosted on local hosts; hosted only in production. */
export function candidateApiBases(environment: AppEnvironment, hostedBase: string): string[] {
  const candidates = environment === 'development' ? [LOCAL_API_BASE, hostedBase] : [hostedBase];
  return [...new Set(candidates)];
}

/** Reads the truthy spellings of a build flag ('true', '1', 'yes'). */
export function isFlagSet(value: unknown): boolean {
  return typeof value === 'string'
    ? ['true', '1', 'yes'].includes(value.trim().toLowerCase())
    : value === true;
}
