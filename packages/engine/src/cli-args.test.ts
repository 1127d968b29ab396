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

  it('returns undefined for --help', () => {
    expect(parseCli(['--help'])).toBeUndefined();
    expect(parseCli(['-h'])).toBeUndefined();
  });

  it.each([
    [['--drives', '0'], /--drives must be an integer ≥ 1/],
    [['--drives', 'four'], /--drives must be an integer/],
    [['--parity=-1'], /--parity must be an integer ≥ 0/],
    [['--drives', '2', '--drive', '/x'], /either --drives N or --drive PATH/],
    [['--bogus'], /Unknown option '--bogus'/],
    [['positional'], /positional/i],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
