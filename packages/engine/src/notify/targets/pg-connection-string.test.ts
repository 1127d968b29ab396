import { describe, expect, test } from 'vitest';
import { parseKeywordValue, pgClientConfig } from './pg-connection-string.js';

describe('libpq keyword/value connection strings', () => {
  test('the form MinIO documents and the console builds', () => {
    expect(
      pgClientConfig(
        'host=db.local port=5433 dbname=minio_events user=postgres password=s3cret sslmode=disable',
      ),
    ).toEqual({
      host: 'db.local',
      port: 5433,
      database: 'minio_events',
      user: 'postgres',
      password: 's3cret',
      ssl: false,
    });
  });

  test('quoted values with spaces and escapes, spaces around "="', () => {
    const kv = parseKeywordValue(`user = 'my user' password='it\\'s \\\\ here' dbname=x`);
    expect(Object.fromEntries(kv)).toEqual({ user: 'my user', password: "it's \\ here", dbname: 'x' });
  });

  test('sslmode as lib/pq: require when absent (certificate not checked), verify-full checks', () => {
    expect(pgClientConfig('host=h').ssl).toEqual({ rejectUnauthorized: false });
    expect(pgClientConfig('host=h sslmode=verify-full').ssl).toEqual({});
    expect(() => pgClientConfig('host=h sslmode=prefer')).toThrow(
      'unsupported sslmode "prefer"; only "require" (default), "verify-full", "verify-ca", and "disable" supported',
    );
  });

  test('URL form', () => {
    expect(pgClientConfig('postgresql://u%40x:p%2Fw@127.0.0.1:6543/events?sslmode=disable')).toEqual({
      host: '127.0.0.1',
      port: 6543,
      user: 'u@x',
      password: 'p/w',
      database: 'events',
      ssl: false,
    });
  });

  test('bad strings get clear errors', () => {
    expect(() => pgClientConfig("password='open")).toThrow('connection_string: unterminated quoted string');
    expect(() => pgClientConfig('host db')).toThrow('connection_string: missing "=" after "host"');
    expect(() => pgClientConfig('hots=db')).toThrow('connection_string: unsupported option "hots"');
    expect(() => pgClientConfig('port=99999')).toThrow('invalid port');
  });
});
