import { describe, expect, it } from 'vitest';
import { ConfigInvalid } from './errors.js';
import { formatKvLine, formatKvValue, parseKvLine, parseKvText } from './kv-text.js';

describe('KV text', () => {
  it('parses bare, double- and single-quoted values, targets and escapes', () => {
    const line = parseKvLine(
      `notify_webhook:1 endpoint=http://h/x auth_token="a b" comment='one two' queue_dir="" note="say \\"hi\\""`,
    );
    expect(line).toEqual({
      subsystem: 'notify_webhook',
      target: '1',
      hasTarget: true,
      pairs: [
        ['endpoint', 'http://h/x'],
        ['auth_token', 'a b'],
        ['comment', 'one two'],
        ['queue_dir', ''],
        ['note', 'say "hi"'],
      ],
    });
  });

  it('tells the default target (`subsys`, `subsys:`) from a named one and reads bare keys', () => {
    expect(parseKvLine('region name=eu-west-9')).toMatchObject({
      subsystem: 'region',
      target: '',
      hasTarget: false,
    });
    expect(parseKvLine('region:')).toMatchObject({ subsystem: 'region', target: '', hasTarget: true });
    expect(parseKvLine('notify_redis:a address key').pairs).toEqual([
      ['address', undefined],
      ['key', undefined],
    ]);
  });

  it('skips blank and comment lines of a multi-line body (get-config-kv output read back)', () => {
    const lines = parseKvText(
      '# MINIO_REGION_NAME=eu-west-9\nregion name=eu-west-9\n\n  compression extensions=.txt\r\n# region name=x\n',
    );
    expect(lines.map((l) => l.subsystem)).toEqual(['region', 'compression']);
  });

  it('refuses a value whose quote never closes and a pair without a key', () => {
    expect(() => parseKvLine('notify_webhook endpoint="http://x')).toThrow(ConfigInvalid);
    expect(() => parseKvLine('notify_webhook endpoint="http://x')).toThrow(
      "value of 'endpoint' has no closing quote",
    );
    expect(() => parseKvLine('region =x')).toThrow('expected config value in the format `key=value`');
  });

  it('writes values back so that they parse to the same thing', () => {
    const values: [string, string][] = [
      ['a', 'plain'],
      ['b', 'with space'],
      ['c', ''],
      ['d', 'quote " and \\ backslash'],
      ['e', "it's"],
    ];
    const text = formatKvLine('notify_webhook', 'x', values);
    expect(text.startsWith('notify_webhook:x a=plain b="with space" c= ')).toBe(true);
    expect(parseKvLine(text).pairs).toEqual(values);
    expect(formatKvLine('region', '', [['name', 'us-east-1']])).toBe('region name=us-east-1');
    expect(formatKvValue('a\tb')).toBe('"a\tb"');
  });
});
