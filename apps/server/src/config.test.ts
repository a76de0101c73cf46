import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, READ_SETTING_NAMES, REPO_ROOT, SETTINGS } from './config.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'atempo-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir,
      accessTokenTtlSeconds: 900,
      refreshTokenTtlRememberSeconds: 30 * 86_400,
      refreshTokenTtlSeconds: 24 * 3_600,
      publicUrl: 'http://localhost:8000',
      smtpUrl: undefined,
      mailFrom: 'Atempo <no-reply@localhost>',
      logLevel: 'info',
      corsOrigins: [],
      trustProxy: false,
      loginMaxFailuresPerAccount: 5,
      loginMaxFailuresPerIp: 20,
      loginThrottleWindowSeconds: 900,
      role: 'all',
      webDist: path.join(REPO_ROOT, 'apps/web/dist'),
      microsoft: null,
      shutdownTimeoutMs: 10_000,
      storage: { kind: 'disk', directory: path.join(dataDir, 'files') },
    });
  });

  it('reads FX_RATES over the default table, and refuses what is not such JSON', () => {
    const fx = loadConfig({
      DATA_DIR: tempDir(),
      FX_RATES: '{"rate_date":"2025-06-30","per_base":{"USD":1.17}}',
    }).fxRates;
    expect(fx).toMatchObject({ base: 'EUR', rate_date: '2025-06-30', per_base: { USD: 1.17 } });
    expect(fx.per_base.GBP).toBeGreaterThan(0);
    expect(loadConfig({ DATA_DIR: tempDir() }).fxRates.rate_date).toBe('2024-12-31');
    for (const bad of [
      'usd=1.1',
      '{"per_base":{"usd":1}}',
      '{"per_base":{"USD":-1}}',
      '{"rate_date":"soon","per_base":{}}',
    ]) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), FX_RATES: bad }), bad).toThrow(/FX_RATES/);
    }
  });

  it('configures S3 storage, path-style with an endpoint, and refuses what it cannot use', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...s3 }).storage).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'files',
      region: 'us-east-1',
      credentials: null,
      forcePathStyle: true,
    });
    const aws = loadConfig({
      DATA_DIR: tempDir(),
      STORAGE: 's3',
      S3_BUCKET: 'files',
      S3_REGION: 'eu-west-3',
    });
    expect(aws.storage).toMatchObject({ endpoint: undefined, region: 'eu-west-3', forcePathStyle: false });
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE: 'ftp' })).toThrow(/STORAGE/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...s3, S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('answers with the built-in analyst by default and configures a model provider completely or not at all', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(defaults.llm).toBeNull();
    expect(defaults.mcpPort).toBe(8080);
    expect(loadConfig({ DATA_DIR: tempDir(), LLM_PROVIDER: ' ', MCP_PORT: '0' })).toMatchObject({
      llm: null,
      mcpPort: null,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        LLM_PROVIDER: 'openai',
        LLM_BASE_URL: 'http://localhost:11434/v1/',
        LLM_MODEL: 'llama3.1',
        LLM_TIMEOUT_MS: '15000',
      }).llm,
    ).toEqual({
      provider: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: undefined,
      model: 'llama3.1',
      timeoutMs: 15_000,
    });
    expect(
      loadConfig({
        DATA_DIR: tempDir(),
        LLM_PROVIDER: 'anthropic',
        LLM_API_KEY: 'sk-ant',
        LLM_MODEL: 'claude',
      }).llm,
    ).toEqual({
      provider: 'anthropic',
      baseUrl: undefined,
      apiKey: 'sk-ant',
      model: 'claude',
      timeoutMs: 60_000,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), LLM_PROVIDER: 'openai', LLM_API_KEY: 'sk' })).toThrow(
      /LLM_MODEL: required when LLM_PROVIDER=openai/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), LLM_PROVIDER: 'anthropic', LLM_MODEL: 'claude' })).toThrow(
      /LLM_API_KEY: required when LLM_PROVIDER=anthropic/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), LLM_PROVIDER: 'gemini' })).toThrow(/LLM_PROVIDER/);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), LLM_PROVIDER: 'openai', LLM_BASE_URL: 'localhost', LLM_MODEL: 'm' }),
    ).toThrow(/LLM_BASE_URL/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), LLM_TIMEOUT_MS: '0' })).toThrow(/LLM_TIMEOUT_MS/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), MCP_PORT: '70000' })).toThrow(/MCP_PORT/);
  });

  it('configures Microsoft sign-in from all three settings, and refuses a partial set', () => {
    const microsoft = { MS_CLIENT_ID: 'client-1', MS_CLIENT_SECRET: 'secret-1', MS_TENANT_ID: 'common' };
    expect(loadConfig({ DATA_DIR: tempDir(), ...microsoft }).microsoft).toEqual({
      clientId: 'client-1',
      clientSecret: 'secret-1',
      tenantId: 'common',
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), MS_CLIENT_ID: 'client-1', MS_TENANT_ID: ' ' })).toThrow(
      /MS_CLIENT_SECRET, MS_TENANT_ID: Microsoft sign-in needs/,
    );
  });

  it('derives PUBLIC_URL from PORT and parses lists', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '9001',
      CORS_ORIGINS: ' https://a.example/ , https://b.example ',
      TRUST_PROXY: '2',
    });
    expect(config.publicUrl).toBe('http://localhost:9001');
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_URL: 'https://atempo.example/' }).publicUrl).toBe(
      'https://atempo.example',
    );
  });

  it('generates a JWT secret once, private to the owner, and keeps it across restarts', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8')).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first);
  });

  it('uses JWT_SECRET when set and refuses a short one', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: secret }).jwtSecret).toBe(secret);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('names every invalid setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', ROLE: 'boss' })).toThrow(ConfigError);
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/LOG_LEVEL/);
    expect(message).toMatch(/DATABASE_URL/);
  });

  it('refuses split roles on the single-process embedded database', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ROLE: 'worker' })).toThrow(/DATABASE_URL/);
    expect(
      loadConfig({ ROLE: 'api', DATABASE_URL: 'postgres://db/atempo', JWT_SECRET: 'y'.repeat(32) }).role,
    ).toBe('api');
  });

  it('is documented: every setting read is described, and SETTINGS.md has a row for each', () => {
    expect(SETTINGS.map((setting) => setting.name).sort()).toEqual([...READ_SETTING_NAMES].sort());
    const table = readFileSync(path.join(REPO_ROOT, 'apps/server/SETTINGS.md'), 'utf8');
    const rows = new Map(
      table
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map(([, name, defaultValue, description]) => [name, { defaultValue, description }]),
    );
    for (const setting of SETTINGS) {
      expect(rows.get(`\`${setting.name}\``), setting.name).toEqual({
        defaultValue: `\`${setting.default}\``,
        description: setting.description,
      });
    }
  });
});
