import { describe, expect, it } from 'vitest';
import { loadConfig, normaliseBasePath, parseAddress, parseDuration } from './config.js';

describe('config', () => {
  it('parses durations', () => {
    expect(parseDuration('3600')).toBe(3600);
    expect(parseDuration('90m')).toBe(5400);
    expect(parseDuration('12h')).toBe(43200);
    expect(parseDuration('7d')).toBe(604800);
    expect(() => parseDuration('1w')).toThrow(/not a duration/);
  });

  it('parses addresses', () => {
    expect(parseAddress('127.0.0.1:9090')).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(parseAddress(':9090')).toEqual({ host: '0.0.0.0', port: 9090 });
    expect(parseAddress('[::1]:0')).toEqual({ host: '::1', port: 0 });
    expect(() => parseAddress('localhost')).toThrow(/HOST:PORT/);
  });

  it('normalises base paths', () => {
    expect(normaliseBasePath('/')).toBe('');
    expect(normaliseBasePath('console/')).toBe('/console');
    expect(normaliseBasePath('/api/proxy/ns/tenant/')).toBe('/api/proxy/ns/tenant');
  });

  it('has defaults and needs --server', () => {
    expect(() => loadConfig([], {})).toThrow(/--server URL is required/);
    const c = loadConfig(['--server', 'http://127.0.0.1:9000/'], {});
    expect(c).toMatchObject({
      host: '127.0.0.1',
      port: 9090,
      serverUrl: 'http://127.0.0.1:9000',
      sessionSeconds: 12 * 3600,
      region: 'us-east-1',
      basePath: '',
      trustProxy: false,
    });
    expect(c?.dataDir).toMatch(/data\/console$/);
    expect(loadConfig(['--help'], {})).toBeUndefined();
  });

  it('takes the environment, flags winning', () => {
    const env = {
      COFFER_SERVER_URL: 'http://env:9000',
      COFFER_SESSION_LENGTH: '1h',
      COFFER_BASE_PATH: '/c',
      COFFER_TRUST_PROXY: 'true',
    };
    expect(loadConfig([], env)).toMatchObject({
      serverUrl: 'http://env:9000',
      sessionSeconds: 3600,
      basePath: '/c',
      trustProxy: true,
    });
    expect(loadConfig(['--session-length', '2h', '--address', '0.0.0.0:80'], env)).toMatchObject({
      sessionSeconds: 7200,
      host: '0.0.0.0',
      port: 80,
    });
  });

  it('takes the header timeout and the connection limit', () => {
    expect(
      loadConfig(['--server', 'http://x', '--header-timeout', '2.5', '--max-connections', '64'], {}),
    ).toMatchObject({ headersTimeoutMs: 2500, maxConnections: 64 });
    expect(
      loadConfig(['--server', 'http://x'], { COFFER_HEADER_TIMEOUT: '10', COFFER_MAX_CONNECTIONS: '9' }),
    ).toMatchObject({ headersTimeoutMs: 10_000, maxConnections: 9 });
    expect(() => loadConfig(['--server', 'http://x', '--max-connections', 'many'], {})).toThrow(
      /maxConnections/,
    );
  });

  it('takes the public server URL share links point to (an origin only)', () => {
    expect(loadConfig(['--server', 'http://x:9000'], {})?.publicServerUrl).toBeUndefined();
    expect(
      loadConfig(['--server', 'http://x:9000', '--public-server-url', 'https://s3.example.com/'], {
        COFFER_PUBLIC_SERVER_URL: 'https://other.example.com',
      })?.publicServerUrl,
    ).toBe('https://s3.example.com');
    expect(
      loadConfig(['--server', 'http://x'], { COFFER_PUBLIC_SERVER_URL: 'http://s3.local:9000' })
        ?.publicServerUrl,
    ).toBe('http://s3.local:9000');
    expect(() =>
      loadConfig(['--server', 'http://x', '--public-server-url', 'https://example.com/s3'], {}),
    ).toThrow(/publicServerUrl: public server URL must be an origin/);
    expect(() => loadConfig(['--server', 'http://x', '--public-server-url', 'ftp://x'], {})).toThrow(
      /publicServerUrl/,
    );
  });

  it('takes the audit log retention, size and token', () => {
    const server = ['--server', 'http://127.0.0.1:9000'];
    expect(loadConfig(server, {})?.auditRetentionSeconds).toBe(7 * 86400);
    const c = loadConfig([...server, '--audit-retention', '12h', '--audit-max-entries', '5000'], {
      COFFER_AUDIT_TOKEN: 'a-token-of-sixteen-chars',
    });
    expect(c).toMatchObject({
      auditRetentionSeconds: 43200,
      auditMaxEntries: 5000,
      auditToken: 'a-token-of-sixteen-chars',
    });
    expect(loadConfig(server, { COFFER_AUDIT_RETENTION: '0' })?.auditRetentionSeconds).toBe(0);
    expect(() => loadConfig(server, { COFFER_AUDIT_TOKEN: 'short' })).toThrow(/auditToken: the audit token/);
    expect(() => loadConfig([...server, '--audit-max-entries', '0'], {})).toThrow(/auditMaxEntries/);
  });

  it('refuses bad values with readable messages', () => {
    expect(() => loadConfig(['--server', 'ftp://x'], {})).toThrow(/serverUrl/);
    expect(() => loadConfig(['--server', 'http://x', '--session-length', '30d'], {})).toThrow(
      /sessionSeconds/,
    );
    expect(() => loadConfig(['--server', 'http://x'], { COFFER_CONSOLE_SESSION_KEY: 'c2hvcnQ=' })).toThrow(
      /32 bytes/,
    );
    expect(() => loadConfig(['--bogus'], {})).toThrow();
  });
});

describe('upload part size', () => {
  it('parses sizes in bytes and binary units', async () => {
    const { parseSize } = await import('./config.js');
    expect(parseSize('8388608')).toBe(8 * 1024 * 1024);
    expect(parseSize('5MiB')).toBe(5 * 1024 * 1024);
    expect(parseSize('16M')).toBe(16 * 1024 * 1024);
    expect(parseSize('1GiB')).toBe(1024 ** 3);
    expect(() => parseSize('5 MB/s')).toThrow(/not a size/);
  });

  it('takes --upload-part-size or COFFER_UPLOAD_PART_SIZE, flag first, at least 5 MiB', () => {
    const server = ['--server', 'http://127.0.0.1:9000'];
    expect(loadConfig(server, {})?.uploadPartSize).toBeUndefined();
    expect(loadConfig(server, { COFFER_UPLOAD_PART_SIZE: '8MiB' })?.uploadPartSize).toBe(8 * 1024 * 1024);
    expect(
      loadConfig([...server, '--upload-part-size', '6MiB'], { COFFER_UPLOAD_PART_SIZE: '8MiB' })
        ?.uploadPartSize,
    ).toBe(6 * 1024 * 1024);
    expect(() => loadConfig([...server, '--upload-part-size', '1MiB'], {})).toThrow(/uploadPartSize/);
  });

  it("takes MinIO console's Prometheus settings and the console's own scrape interval", () => {
    const server = ['--server', 'http://127.0.0.1:9000'];
    const env = { CONSOLE_PROMETHEUS_URL: 'http://prom:9090/', CONSOLE_PROMETHEUS_JOB_ID: 'minio' };
    expect(loadConfig(server, env)).toMatchObject({
      prometheusUrl: 'http://prom:9090',
      prometheusJobId: 'minio',
    });
    expect(loadConfig([...server, '--prometheus-url', 'http://other:9090'], env)?.prometheusUrl).toBe(
      'http://other:9090',
    );
    expect(loadConfig([...server, '--metrics-interval', '5'], {})?.metricsIntervalSeconds).toBe(5);
    expect(() => loadConfig([...server, '--metrics-interval', '0'], {})).toThrow(/metricsIntervalSeconds/);
    expect(() => loadConfig([...server, '--prometheus-url', 'ftp://x'], {})).toThrow(/prometheusUrl/);
  });

  it('takes single sign-on from flags or MinIO console / MinIO server environment names', () => {
    const base = ['--server', 'http://s:9000'];
    const fromFlags = loadConfig(
      [...base, '--idp-config-url', 'https://idp/.well-known/openid-configuration', '--idp-client-id', 'c1'],
      { CONSOLE_IDP_SECRET: 'sec', CONSOLE_IDP_SCOPES: 'openid, policy,offline_access' },
    );
    expect(fromFlags?.openId).toEqual({
      configUrl: 'https://idp/.well-known/openid-configuration',
      clientId: 'c1',
      clientSecret: 'sec',
      scopes: ['openid', 'policy', 'offline_access'],
    });
    const fromMinio = loadConfig(base, {
      MINIO_IDENTITY_OPENID_CONFIG_URL: 'http://idp:8080/.well-known/openid-configuration',
      MINIO_IDENTITY_OPENID_CLIENT_ID: 'c2',
      MINIO_IDENTITY_OPENID_REDIRECT_URI: 'https://console.example.com/oauth_callback',
    });
    expect(fromMinio?.openId).toMatchObject({
      clientId: 'c2',
      scopes: ['openid', 'profile', 'email'],
      redirectUri: 'https://console.example.com/oauth_callback',
    });
    expect(loadConfig(base, {})?.openId).toBeUndefined();
    expect(() => loadConfig([...base, '--idp-config-url', 'https://idp/x'], {})).toThrow(/client id/);
  });

  it('takes the STS duration and renewal margin within their bounds', () => {
    const base = ['--server', 'http://s:9000'];
    expect(
      loadConfig([...base, '--sts-duration', '15m', '--credential-renew-margin', '120'], {}),
    ).toMatchObject({
      stsSeconds: 900,
      credentialRenewMarginSeconds: 120,
    });
    expect(() => loadConfig([...base, '--sts-duration', '10m'], {})).toThrow(/stsSeconds/);
    expect(() => loadConfig([...base, '--credential-renew-margin', '900'], {})).toThrow(
      /credentialRenewMargin/,
    );
  });
});
