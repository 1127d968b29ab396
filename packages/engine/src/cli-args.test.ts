import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError, parseCli } from './cli-args.js';

describe('coffer-engine arguments', () => {
  it('defaults to 127.0.0.1:9000 and four drives under ./data', () => {
    const data = resolve('data');
    expect(parseCli([])).toEqual({
      address: '127.0.0.1:9000',
      dataDir: data,
      drives: [1, 2, 3, 4].map((i) => join(data, `drive${i}`)),
    });
  });

  it('takes --data, --drives, --parity and --region', () => {
    expect(
      parseCli([
        '--address',
        ':9100',
        '--data',
        '/srv/d',
        '--drives',
        '2',
        '--parity',
        '1',
        '--region',
        'eu-west-1',
      ]),
    ).toEqual({
      address: ':9100',
      dataDir: '/srv/d',
      drives: ['/srv/d/drive1', '/srv/d/drive2'],
      parity: 1,
      region: 'eu-west-1',
    });
  });

  it('takes explicit drives; the data dir then defaults to the engine (first drive parent)', () => {
    expect(parseCli(['--drive', '/a/x', '--drive', '/b/y'])).toEqual({
      address: '127.0.0.1:9000',
      drives: ['/a/x', '/b/y'],
    });
    expect(parseCli(['--drive', '/a/x', '--data', '/c'])).toEqual({
      address: '127.0.0.1:9000',
      drives: ['/a/x'],
      dataDir: '/c',
    });
  });

  it('takes the header timeout and the connection limit from flags or the environment', () => {
    expect(parseCli([])?.headersTimeoutMs).toBeUndefined();
    expect(parseCli(['--header-timeout', '2.5', '--max-connections', '100'])).toMatchObject({
      headersTimeoutMs: 2500,
      maxConnections: 100,
    });
    expect(
      parseCli(['--header-timeout', '3'], { COFFER_HEADER_TIMEOUT: '9', COFFER_MAX_CONNECTIONS: '50' }),
    ).toMatchObject({ headersTimeoutMs: 3000, maxConnections: 50 });
    expect(() => parseCli(['--max-connections', '0'])).toThrow(/--max-connections must be an integer ≥ 1/);
    expect(() => parseCli(['--header-timeout', 'soon'])).toThrow(/--header-timeout/);
  });

  it("takes the keep-alive idle timeout (MinIO's --idle-timeout) from the flag or the environment", () => {
    expect(parseCli([])?.keepAliveTimeoutMs).toBeUndefined();
    expect(parseCli(['--idle-timeout', '1.5'])?.keepAliveTimeoutMs).toBe(1500);
    expect(parseCli([], { COFFER_IDLE_TIMEOUT: '45' })?.keepAliveTimeoutMs).toBe(45_000);
    expect(() => parseCli(['--idle-timeout', '0'])).toThrow(/--idle-timeout/);
  });

  it('takes the STS trusted proxies from repeated flags or a comma list in the environment', () => {
    expect(parseCli([])?.stsTrustedProxies).toBeUndefined();
    expect(
      parseCli(['--sts-trusted-proxy', '127.0.0.1', '--sts-trusted-proxy', '::1'])?.stsTrustedProxies,
    ).toEqual(['127.0.0.1', '::1']);
    expect(parseCli([], { COFFER_STS_TRUSTED_PROXIES: ' 10.0.0.5, ,10.0.0.6' })?.stsTrustedProxies).toEqual([
      '10.0.0.5',
      '10.0.0.6',
    ]);
    expect(
      parseCli(['--sts-trusted-proxy', '10.0.0.7'], { COFFER_STS_TRUSTED_PROXIES: '10.0.0.5' })
        ?.stsTrustedProxies,
    ).toEqual(['10.0.0.7']);
  });

  it('takes the scanner interval in seconds from --scanner-interval or COFFER_SCANNER_INTERVAL', () => {
    expect(parseCli(['--scanner-interval', '90'])?.scannerIntervalMs).toBe(90_000);
    expect(parseCli(['--scanner-interval=0.5'])?.scannerIntervalMs).toBe(500);
    expect(parseCli([], { COFFER_SCANNER_INTERVAL: '300' })?.scannerIntervalMs).toBe(300_000);
    // The flag wins over the environment; an empty variable counts as unset.
    expect(parseCli(['--scanner-interval', '5'], { COFFER_SCANNER_INTERVAL: '300' })?.scannerIntervalMs).toBe(
      5000,
    );
    expect(parseCli([], { COFFER_SCANNER_INTERVAL: '' })).not.toHaveProperty('scannerIntervalMs');
    expect(parseCli([])).not.toHaveProperty('scannerIntervalMs');
    expect(() => parseCli([], { COFFER_SCANNER_INTERVAL: 'soon' })).toThrow(
      /COFFER_SCANNER_INTERVAL must be a number of seconds > 0/,
    );
  });

  it('takes the length of a lifecycle day from COFFER_ILM_DAY_SECONDS', () => {
    expect(parseCli([], { COFFER_ILM_DAY_SECONDS: '2' })?.lifecycleDayMs).toBe(2000);
    expect(parseCli([])).not.toHaveProperty('lifecycleDayMs');
    expect(() => parseCli([], { COFFER_ILM_DAY_SECONDS: 'x' })).toThrow(/COFFER_ILM_DAY_SECONDS/);
  });

  it('returns undefined for --help', () => {
    expect(parseCli(['--help'])).toBeUndefined();
    expect(parseCli(['-h'])).toBeUndefined();
  });

  it.each([
    [['--drives', '0'], /--drives must be an integer ≥ 1/],
    [['--drives', 'four'], /--drives must be an integer/],
    [['--parity=-1'], /--parity must be an integer ≥ 0/],
    [['--scanner-interval', '0'], /--scanner-interval must be a number of seconds > 0/],
    [['--scanner-interval=-5'], /--scanner-interval must be a number of seconds > 0/],
    [['--scanner-interval', '1m'], /--scanner-interval must be a number of seconds > 0/],
    [['--drives', '2', '--drive', '/x'], /either --drives N or --drive PATH/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['positional'], /positional/i],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
