import { describe, expect, test } from 'vitest';
import { goDurationMs, mysqlConnectionOptions } from './mysql-dsn.js';

describe('Go MySQL DSNs', () => {
  test('the form MinIO documents and the console builds', () => {
    expect(mysqlConnectionOptions('minio:s3cret@tcp(db.local:3307)/minio_events')).toEqual({
      user: 'minio',
      password: 's3cret',
      host: 'db.local',
      port: 3307,
      database: 'minio_events',
    });
  });

  test('password with ":" and "@", defaults, IPv6, unix socket, parameters', () => {
    expect(
      mysqlConnectionOptions('u:p:a@ss@tcp([::1])/db?tls=skip-verify&timeout=1500ms&parseTime=true'),
    ).toEqual({
      user: 'u',
      password: 'p:a@ss',
      host: '::1',
      port: 3306,
      database: 'db',
      ssl: { rejectUnauthorized: false },
      connectTimeout: 1500,
    });
    expect(mysqlConnectionOptions('root@unix(/run/mysqld/mysqld.sock)/x')).toEqual({
      user: 'root',
      socketPath: '/run/mysqld/mysqld.sock',
      database: 'x',
    });
    expect(mysqlConnectionOptions('/db')).toEqual({ host: '127.0.0.1', port: 3306, database: 'db' });
  });

  test("the Go driver's messages for malformed DSNs", () => {
    expect(() => mysqlConnectionOptions('user:pw@tcp(host:3306)')).toThrow(
      'invalid DSN: missing the slash separating the database name',
    );
    expect(() => mysqlConnectionOptions('user@tcp(host:3306/db')).toThrow(
      'invalid DSN: network address not terminated (missing closing brace)',
    );
    expect(() => mysqlConnectionOptions('u@tcp(h)/db?tls')).toThrow(
      'invalid DSN: did you forget to escape a param value?',
    );
    expect(() => mysqlConnectionOptions('u@udp(h)/db')).toThrow('invalid DSN: unknown network "udp"');
  });

  test('Go durations', () => {
    expect(goDurationMs('1m30s')).toBe(90_000);
    expect(goDurationMs('250ms')).toBe(250);
    expect(goDurationMs('5')).toBeUndefined();
    // MinIO's extra `d` unit belongs to the config keys, not to the Go driver's DSN.
    expect(goDurationMs('1d')).toBeUndefined();
    expect(goDurationMs('1s5x')).toBeUndefined();
  });
});
