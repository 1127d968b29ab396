import { describe, expect, it } from 'vitest';
import {
  CONFIG_PATH,
  ConfigStore,
  configuredRegion,
  REDACTED,
  type ConfigFileStore,
} from './config-store.js';
import { ConfigInvalid } from './errors.js';
import { HISTORY_LIMIT, HISTORY_PREFIX } from './config-history.js';
import { configHelp } from './help.js';
import { SUBSYSTEMS } from './subsystems.js';

/** The system area as a map: what survives a "restart" (a new load) is exactly what was written. */
function memoryStore(): ConfigFileStore & { files: Map<string, Buffer>; writes: number } {
  const files = new Map<string, Buffer>();
  const store = {
    files,
    writes: 0,
    readSystemFile: (path: string) => Promise.resolve(files.get(path)),
    writeSystemFile: (path: string, data: Buffer) => {
      files.set(path, Buffer.from(data));
      store.writes += 1;
      return Promise.resolve();
    },
    listSystemFiles: (prefix: string) =>
      Promise.resolve([...files.keys()].filter((k) => k.startsWith(prefix))),
    deleteSystemFile: (path: string) => {
      files.delete(path);
      return Promise.resolve();
    },
  };
  return store;
}

const WEBHOOK = 'http://127.0.0.1:9/events';

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigInvalid);
    return (err as Error).message;
  }
  throw new Error('the change was accepted');
}

describe('ConfigStore', () => {
  it('fills in MinIO defaults for keys never set', async () => {
    const config = await ConfigStore.load({ store: memoryStore() });
    expect(config.get('compression').get('extensions')).toBe('.txt,.log,.csv,.json,.tar,.xml,.bin');
    expect(config.get('compression').get('enable')).toBe('off');
    expect(config.get('notify_webhook', '1').get('queue_limit')).toBe('100000');
    expect(config.get('logger_webhook').get('http_timeout')).toBe('5s');
    expect(config.get('no_such_subsystem').size).toBe(0);
    expect(config.targets('notify_webhook')).toEqual([]);
    expect(configuredRegion(config)).toBe('');
  });

  it('applies a dynamic change at once and calls the listeners; a restart-only one waits for the next load', async () => {
    const store = memoryStore();
    const config = await ConfigStore.load({ store });
    const heard: string[] = [];
    config.onChange((subsystem) => heard.push(subsystem));

    expect(await config.setText('compression enable=on extensions=".txt,.csv"')).toEqual({ applied: true });
    expect(config.get('compression').get('enable')).toBe('on');
    expect(heard).toEqual(['compression']);

    expect(await config.setText(`notify_webhook:1 endpoint=${WEBHOOK}`)).toEqual({ applied: false });
    expect(await config.setText('region name=eu-west-9')).toEqual({ applied: false });
    // The services still see the running configuration…
    expect(config.targets('notify_webhook')).toEqual([]);
    expect(configuredRegion(config)).toBe('');
    expect(heard).toEqual(['compression']);
    // …the admin view shows the stored one…
    expect(config.getText('notify_webhook:1')).toContain(`notify_webhook:1 endpoint=${WEBHOOK}`);
    // …and a restart (a new load from the same drives) puts it in force.
    const restarted = await ConfigStore.load({ store });
    expect(configuredRegion(restarted)).toBe('eu-west-9');
    const [target] = restarted.targets('notify_webhook');
    expect(target?.target).toBe('1');
    expect(target?.values.get('enable')).toBe('on'); // MinIO: a set without `enable` turns it on
    expect(target?.values.get('endpoint')).toBe(WEBHOOK);
    expect(restarted.get('compression').get('extensions')).toBe('.txt,.csv');
    expect(JSON.parse(store.files.get(CONFIG_PATH)?.toString() ?? '{}')).toMatchObject({
      version: 1,
      targets: { 'region:': { name: 'eu-west-9' } },
    });
  });

  it('refuses bad input with MinIO messages and changes nothing (not even with one good line first)', async () => {
    const store = memoryStore();
    const config = await ConfigStore.load({ store });
    const cases: [string, string][] = [
      ['nosuch key=value', 'unknown sub-system nosuch'],
      ['region:2 name=x', "sub-system 'region' only supports single target"],
      [
        'compression colour=blue',
        "found invalid keys (colour=blue) for 'compression' sub-system, use 'mc admin config reset myminio compression' to fix invalid keys",
      ],
      [
        'notify_webhook:1 queue_limit=5',
        "'endpoint' is not optional for 'notify_webhook' sub-system, please check 'notify_webhook' documentation",
      ],
      [`notify_webhook:1 endpoint=${WEBHOOK} queue_dir=relative/dir`, 'queueDir path should be absolute'],
      [
        `notify_webhook:1 endpoint=${WEBHOOK} queue_limit=lots`,
        'strconv.ParseUint: parsing "lots": invalid syntax',
      ],
      ['notify_webhook:1 endpoint=ftp://h/x', 'unexpected scheme found ftp'],
      ['compression enable=maybe', "ParseBool: parsing 'maybe': invalid syntax"],
      ['logger_webhook endpoint=http://h/x http_timeout=soon', 'time: invalid duration "soon"'],
      [
        'region name=1bad!',
        "region '1bad!' is invalid, expected simple characters such as [us-east-1, myregion...]",
      ],
      [
        'notify_redis:r address=localhost:99999 key=k',
        "invalid address 'localhost:99999' for 'address', expected host:port e.g. 'localhost:6379'",
      ],
      [
        'notify_mysql:m dsn_string=x table=t format=json',
        "unrecognized format value 'json', expected one of namespace, access",
      ],
      ['identity_openid config_url=not-a-url client_id=c', "'config_url' has an invalid URL 'not-a-url'"],
      [
        'identity_ldap server_addr=ldap.example.com:636 user_dn_search_filter=(uid=x)',
        "user_dn_search_filter '(uid=x)' must contain '%s' (replaced by the username)",
      ],
      [
        'cache expiry=10',
        "'drives' is not optional for 'cache' sub-system, please check 'cache' documentation",
      ],
    ];
    for (const [text, message] of cases) {
      expect(await refusal(config.setText(`compression enable=on\n${text}`)), text).toBe(message);
    }
    expect(store.writes).toBe(0);
    expect(config.get('compression').get('enable')).toBe('off');
    // A switched-off target needs no endpoint.
    expect(await config.setText('notify_webhook:off enable=off queue_limit=5')).toEqual({ applied: false });
  });

  it('redacts secrets on get, keeps them when the redacted value comes back, exports them in full', async () => {
    const config = await ConfigStore.load({ store: memoryStore() });
    await config.setText(`notify_webhook:1 endpoint=${WEBHOOK} auth_token="tok en"`);
    const shown = config.getText('notify_webhook:1');
    expect(shown).toContain(`auth_token=${REDACTED}`);
    expect(shown).not.toContain('tok en');
    expect(shown).not.toContain('enable='); // enable=on is left out, as MinIO prints it
    await config.setText(shown.trim().replace('queue_limit=100000', 'queue_limit=7'));
    const exported = config.exportText();
    expect(exported).toContain('auth_token="tok en"');
    expect(exported).toContain('queue_limit=7');
    // Disabled targets are commented out in the export; whole-config import reads it back.
    expect(exported).toContain('# notify_amqp ');
    const again = await ConfigStore.load({ store: memoryStore() });
    expect(await again.importText(exported)).toEqual({ applied: false });
    expect(again.exportText()).toBe(exported);
  });

  it('lists the default target and named ones for a whole sub-system', async () => {
    const config = await ConfigStore.load({ store: memoryStore() });
    await config.setText(`notify_webhook:b endpoint=${WEBHOOK}\nnotify_webhook:a endpoint=${WEBHOOK}`);
    const lines = config.getText('notify_webhook').trim().split('\n');
    expect(lines.map((l) => l.split(' ')[0])).toEqual([
      'notify_webhook',
      'notify_webhook:a',
      'notify_webhook:b',
    ]);
    expect(lines[0]).toContain('enable=off');
    expect(config.getText('notify_webhook:')).toBe(`${lines[0]}\n`);
    expect(() => config.getText('notify_webhook:zz')).toThrow(
      "target 'zz' of sub-system 'notify_webhook' does not exist",
    );
    expect(() => config.getText('nosuch')).toThrow('unknown sub-system nosuch');
  });

  it('deletes a target or resets keys to their defaults', async () => {
    const store = memoryStore();
    const config = await ConfigStore.load({ store });
    await config.setText(
      `notify_webhook:1 endpoint=${WEBHOOK} queue_limit=5\ncompression enable=on extensions=.txt`,
    );
    expect(await config.delText('compression extensions')).toEqual({ applied: true });
    expect(config.get('compression').get('extensions')).toBe('.txt,.log,.csv,.json,.tar,.xml,.bin');
    expect(config.get('compression').get('enable')).toBe('on');
    expect(await config.delText('notify_webhook:1 queue_limit')).toEqual({ applied: false });
    expect(await refusal(config.delText('notify_webhook:1 endpoint'))).toBe(
      "'endpoint' is not optional for 'notify_webhook' sub-system, please check 'notify_webhook' documentation",
    );
    expect(await config.delText('notify_webhook:1')).toEqual({ applied: false });
    expect((await ConfigStore.load({ store })).targets('notify_webhook')).toEqual([]);
  });

  it('takes environment overrides over stored values and reports them as MinIO comment lines', async () => {
    const env = {
      MINIO_REGION: 'env-region',
      MINIO_COMPRESSION_ENABLE: 'on',
      MINIO_NOTIFY_WEBHOOK_ENABLE_PRIMARY: 'on',
      MINIO_NOTIFY_WEBHOOK_ENDPOINT_PRIMARY: WEBHOOK,
      MINIO_NOTIFY_WEBHOOK_AUTH_TOKEN_PRIMARY: 'from-env',
    };
    const config = await ConfigStore.load({ store: memoryStore(), env });
    await config.setText('region name=stored-region\ncompression enable=off');
    expect(configuredRegion(config)).toBe('env-region');
    expect(config.get('compression').get('enable')).toBe('on');
    expect(config.getText('region')).toBe('# MINIO_REGION=env-region\nregion name=stored-region comment=\n');
    const [primary] = config.targets('notify_webhook');
    expect(primary?.target).toBe('primary');
    expect(primary?.values.get('endpoint')).toBe(WEBHOOK);
    const shown = config.getText('notify_webhook');
    expect(shown).toContain(`# MINIO_NOTIFY_WEBHOOK_ENDPOINT_PRIMARY=${WEBHOOK}\n`);
    expect(shown).toContain(`# MINIO_NOTIFY_WEBHOOK_AUTH_TOKEN_PRIMARY=${REDACTED}\n`);
    expect(shown).not.toContain('from-env');
  });

  it('reads a site region before the region name', async () => {
    const config = await ConfigStore.load({
      store: memoryStore(),
      env: { MINIO_SITE_REGION: 'site-1', MINIO_REGION_NAME: 'r-2' },
    });
    expect(configuredRegion(config)).toBe('site-1');
  });

  it('treats an unreadable document as the default configuration and logs it', async () => {
    const store = memoryStore();
    store.files.set(CONFIG_PATH, Buffer.from('{not json'));
    const lines: string[] = [];
    const config = await ConfigStore.load({ store, log: (line) => lines.push(line) });
    expect(config.get('compression').get('enable')).toBe('off');
    expect(lines[0]).toContain('config/config.json is unreadable');
  });
});

describe('configuration history', () => {
  it('keeps accepted sets, lists them redacted, restores and clears them', async () => {
    const store = memoryStore();
    const config = await ConfigStore.load({ store });
    await config.setText(`notify_webhook:1 endpoint=${WEBHOOK} auth_token=first-secret`);
    await config.setText('compression extensions=.log');
    await refusal(config.setText('compression colour=blue'));
    const entries = await config.listHistory(10);
    expect(entries.map((e) => e.data)).toEqual([
      `notify_webhook:1 endpoint=${WEBHOOK} auth_token=${REDACTED}`,
      'compression extensions=.log',
    ]);
    expect(entries[0]?.restoreId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(entries[0]?.createTime ?? ''))).toBe(false);
    expect((await config.listHistory(1)).map((e) => e.data)).toEqual(['compression extensions=.log']);

    // Restoring re-applies the entry (secrets included), without adding an entry of its own.
    await config.delText('notify_webhook:1');
    expect(await config.restoreHistory(entries[0]?.restoreId ?? '')).toEqual({ applied: false });
    expect(config.exportText()).toContain('auth_token=first-secret');
    expect(await config.listHistory(10)).toHaveLength(2);
    expect(await config.restoreHistory('no-such-id')).toBeUndefined();

    expect(await config.clearHistory(entries[0]?.restoreId ?? '')).toBe(true);
    expect(await config.clearHistory('no-such-id')).toBe(false);
    expect(await config.listHistory(10)).toHaveLength(1);
    expect(await config.clearHistory('all')).toBe(true);
    expect(await config.listHistory(10)).toEqual([]);
  });

  it(`keeps the newest ${HISTORY_LIMIT} entries`, async () => {
    const store = memoryStore();
    const config = await ConfigStore.load({ store });
    for (let i = 0; i <= HISTORY_LIMIT; i += 1) await config.setText(`compression comment=c${i}`);
    const kept = [...store.files.keys()].filter((k) => k.startsWith(HISTORY_PREFIX));
    expect(kept).toHaveLength(HISTORY_LIMIT);
    const entries = await config.listHistory(Number.MAX_SAFE_INTEGER);
    expect(entries.at(-1)?.data).toBe(`compression comment=c${HISTORY_LIMIT}`);
    expect(entries.some((e) => e.data === 'compression comment=c0')).toBe(false);
  });
});

describe('help-config-kv', () => {
  it("answers madmin's Help shape for a sub-system, with exactly madmin's fields", () => {
    const help = configHelp('notify_webhook');
    expect(Object.keys(help)).toEqual(['subSys', 'description', 'multipleTargets', 'keysHelp']);
    expect(help.multipleTargets).toBe(true);
    const endpoint = help.keysHelp.find((k) => k.key === 'endpoint');
    expect(endpoint).toEqual({
      key: 'endpoint',
      description: 'webhook server endpoint e.g. http://localhost:8080/minio/events',
      optional: false,
      type: 'url',
      multipleTargets: false,
    });
    expect(Object.keys(endpoint ?? {})).toEqual([
      'key',
      'description',
      'optional',
      'type',
      'multipleTargets',
    ]);
    expect(help.keysHelp.map((k) => k.key)).toContain('queue_limit');
  });

  it('lists every sub-system without one, narrows to a key, refuses unknown ones', () => {
    const all = configHelp('');
    expect(all.keysHelp.map((k) => k.key)).toEqual(SUBSYSTEMS.map((s) => s.name));
    for (const name of [
      'region',
      'site',
      'compression',
      'etcd',
      'cache',
      'identity_openid',
      'identity_ldap',
      'logger_webhook',
      'audit_webhook',
    ]) {
      expect(all.keysHelp.map((k) => k.key)).toContain(name);
    }
    expect(all.keysHelp.filter((k) => k.key.startsWith('notify_'))).toHaveLength(10);
    expect(configHelp('region', 'name').keysHelp).toHaveLength(1);
    expect(() => configHelp('nosuch')).toThrow('unknown sub-system nosuch');
    expect(() => configHelp('region', 'colour')).toThrow('unknown key colour for sub-system region');
  });
});
