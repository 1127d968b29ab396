/**
 * The KV text reader and writer against the shapes MinIO writes (wire doc §3.6): quoting only on
 * whitespace without escapes, env override comment lines, several targets, a disabled subsystem,
 * and text it cannot read.
 */
import { describe, expect, it } from 'vitest';
import { formatConfigKV, parseConfigKV, parseKVPairs } from './config-kv-text.js';

describe('parseConfigKV', () => {
  it('reads a single-target subsystem with plain and quoted values', () => {
    expect(
      parseConfigKV('compression extensions=".txt,.log" mime_types="text/*, application/json"\n'),
    ).toEqual([
      {
        subSys: 'compression',
        target: '',
        kvs: [
          { key: 'extensions', value: '.txt,.log' },
          { key: 'mime_types', value: 'text/*, application/json' },
        ],
      },
    ]);
  });

  it('reads every target of a subsystem, the default one without a name', () => {
    const text = [
      'notify_webhook endpoint= auth_token= queue_limit=0',
      'notify_webhook:1 endpoint=http://127.0.0.1:9/a auth_token=*redacted* queue_limit=10000',
      'notify_webhook:primary endpoint="http://h/x y" queue_dir=/tmp/q',
      '',
    ].join('\n');
    const targets = parseConfigKV(text);
    expect(targets.map((t) => `${t.subSys}:${t.target}`)).toEqual([
      'notify_webhook:',
      'notify_webhook:1',
      'notify_webhook:primary',
    ]);
    expect(targets[0]?.kvs).toEqual([
      { key: 'endpoint', value: '' },
      { key: 'auth_token', value: '' },
      { key: 'queue_limit', value: '0' },
    ]);
    expect(targets[1]?.kvs.find((kv) => kv.key === 'auth_token')?.value).toBe('*redacted*');
    expect(targets[2]?.kvs[0]).toEqual({ key: 'endpoint', value: 'http://h/x y' });
  });

  it('keeps quotes and equals signs inside values (MinIO does not escape)', () => {
    expect(
      parseKVPairs(`connection_string="host=db port=5432 dbname="x"" table=events dsn=a=b comment='it is'`),
    ).toEqual([
      { key: 'connection_string', value: 'host=db port=5432 dbname="x"' },
      { key: 'table', value: 'events' },
      { key: 'dsn', value: 'a=b' },
      { key: 'comment', value: 'it is' },
    ]);
  });

  it('marks keys overridden by the environment, also keys missing from the line', () => {
    const text = [
      '# MINIO_REGION_NAME=eu-west-9',
      'region name=us-east-1',
      '# MINIO_NOTIFY_WEBHOOK_ENDPOINT_1=http://env/x',
      '# MINIO_NOTIFY_WEBHOOK_ENABLE_1=on',
      'notify_webhook:1 endpoint=http://stored/y',
    ].join('\n');
    const [region, hook] = parseConfigKV(text);
    expect(region?.kvs).toEqual([
      {
        key: 'name',
        value: 'us-east-1',
        envOverride: { name: 'MINIO_REGION_NAME', value: 'eu-west-9' },
      },
    ]);
    expect(hook?.kvs).toEqual([
      {
        key: 'endpoint',
        value: 'http://stored/y',
        envOverride: { name: 'MINIO_NOTIFY_WEBHOOK_ENDPOINT_1', value: 'http://env/x' },
      },
      { key: 'enable', value: 'on', envOverride: { name: 'MINIO_NOTIFY_WEBHOOK_ENABLE_1', value: 'on' } },
    ]);
  });

  it('knows the region aliases and leaves unknown variables alone', () => {
    const [region] = parseConfigKV('# MINIO_REGION=eu-2\n# OTHER_THING=1\nregion name=us-east-1\n');
    expect(region?.kvs).toEqual([
      { key: 'name', value: 'us-east-1', envOverride: { name: 'MINIO_REGION', value: 'eu-2' } },
    ]);
  });

  it('reads a commented-out (disabled) subsystem, skips other comments and junk', () => {
    const text = '# a remark\n# etcd endpoints=http://e:2379\n!!! not a line\nregion name=x\r\n';
    expect(parseConfigKV(text)).toEqual([
      { subSys: 'etcd', target: '', kvs: [{ key: 'endpoints', value: 'http://e:2379' }] },
      { subSys: 'region', target: '', kvs: [{ key: 'name', value: 'x' }] },
    ]);
    expect(parseConfigKV('')).toEqual([]);
  });
});

describe('formatConfigKV', () => {
  it('quotes every value and reads back the same pairs', () => {
    const kvs = [
      { key: 'endpoint', value: 'http://h/x' },
      { key: 'comment', value: 'two words' },
      { key: 'dsn', value: 'u:p@tcp(h:3306)/db' },
      { key: 'tail', value: 'ends with "quote"' },
    ];
    const line = formatConfigKV('notify_mysql:2', kvs);
    expect(line).toBe(
      `notify_mysql:2 endpoint="http://h/x" comment="two words" dsn="u:p@tcp(h:3306)/db" tail='ends with "quote"'`,
    );
    expect(parseConfigKV(line)[0]).toEqual({ subSys: 'notify_mysql', target: '2', kvs });
  });

  it('refuses a value over several lines', () => {
    expect(() => formatConfigKV('region', [{ key: 'name', value: 'a\nb' }])).toThrow(/one line/);
  });
});
