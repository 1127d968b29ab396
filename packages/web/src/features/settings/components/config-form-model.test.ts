import { CONFIG_FIELDS, NOTIFY_FIELDS, mysqlDsn, postgresConnectionString } from '@coffer/contract/client';
import { describe, expect, it } from 'vitest';
import { initialFormState, joinCsv, missingRequired, splitCsv, toKeyValues } from './config-form-model.js';

describe('configuration form model', () => {
  it('starts from the stored values or the defaults; secrets start empty, env values are kept apart', () => {
    const state = initialFormState(NOTIFY_FIELDS.mqtt, [
      { key: 'broker', value: 'tcp://mq:1883' },
      { key: 'password', value: '*redacted*' },
      { key: 'topic', value: 'events', env_override: true },
    ]);
    expect(state.values.broker).toBe('tcp://mq:1883');
    // Spec 3 §9: qos 0 and queue limit 10000 by default.
    expect(state.values.qos).toBe('0');
    expect(state.values.queue_limit).toBe('10000');
    expect(state.values.password).toBe('');
    expect([...state.stored]).toEqual(['password']);
    expect([...state.env]).toEqual(['topic']);
    // The environment's topic counts; queue_dir is required (spec 3 §3) and missing.
    expect(missingRequired(NOTIFY_FIELDS.mqtt, state)).toEqual(['queue_dir']);
    // Sent: no env key, no empty value, the stored secret left alone.
    expect(toKeyValues(NOTIFY_FIELDS.mqtt, state)).toEqual([
      { key: 'broker', value: 'tcp://mq:1883' },
      { key: 'qos', value: '0' },
      { key: 'queue_limit', value: '10000' },
    ]);
  });

  it('lists the required fields of a section as spec 3 §3 names them', () => {
    const empty = (section: keyof typeof CONFIG_FIELDS) =>
      missingRequired(CONFIG_FIELDS[section], initialFormState(CONFIG_FIELDS[section]));
    expect(empty('region')).toEqual(['name']);
    expect(empty('cache')).toEqual(['drives']);
    expect(empty('etcd')).toEqual(['endpoints']);
    expect(empty('identity_ldap')).toEqual([
      'server_addr',
      'username_format',
      'username_search_filter',
      'group_search_filter',
    ]);
    expect(empty('logger_webhook')).toEqual(['endpoint', 'auth_token']);
    expect(empty('compression')).toEqual([]);
    expect(empty('identity_openid')).toEqual([]);
    // A stored secret satisfies its required mark.
    const stored = initialFormState(CONFIG_FIELDS.audit_webhook, [
      { key: 'endpoint', value: 'http://x' },
      { key: 'auth_token', value: 'secret' },
    ]);
    expect(missingRequired(CONFIG_FIELDS.audit_webhook, stored)).toEqual([]);
  });

  it('drops blank CSV entries and joins the rest with commas (spec 3 §5)', () => {
    expect(joinCsv([' a ', '', 'b', '   ', 'c'])).toBe('a,b,c');
    expect(joinCsv(['', ' '])).toBe('');
    expect(splitCsv('a, b,c')).toEqual(['a', 'b', 'c']);
    expect(splitCsv('')).toEqual([]);
  });

  it('builds the Postgres and MySQL connection strings from their parts (spec 3 §3)', () => {
    expect(
      postgresConnectionString({
        host: 'db',
        port: '5432',
        dbname: 'events',
        user: 'minio',
        password: "it's secret",
        sslmode: 'verify-full',
      }),
    ).toBe("host=db port=5432 dbname=events user=minio password='it\\'s secret' sslmode=verify-full");
    expect(
      postgresConnectionString({ host: 'db', port: '', dbname: 'e', user: '', password: '', sslmode: '' }),
    ).toBe('host=db dbname=e');
    expect(mysqlDsn({ host: 'db', port: '3306', dbname: 'events', user: 'root', password: 'pw' })).toBe(
      'root:pw@tcp(db:3306)/events',
    );
    expect(mysqlDsn({ host: 'db', port: '', dbname: 'events', user: 'root', password: '' })).toBe(
      'root@tcp(db)/events',
    );
  });
});
