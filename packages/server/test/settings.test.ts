/**
 * Settings through the console against the real engine (issue 10 §4; spec 3 §3, §4, §7): a
 * dynamic section (compression) changed, read back (a key set in the engine's environment marked
 * as such) and reset without a restart; webhook
 * notification targets added under the next free id with their secret never echoed, listed,
 * refused with the engine's message when wrong; the restart-required state the banner reads, the
 * service restart waiting for the restarted engine and clearing it; afterwards the targets online
 * in Lambda Notifications and their ARNs listed; a bucket subscribed to one of them whose upload
 * and delete arrive at a real HTTP receiver; the rule listed, refused twice unless
 * ignoreExisting, and removed; and a target removed again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../engine/test/helpers/webhook-receiver.js';

interface KeyValue {
  key: string;
  value: string;
  env_override?: boolean;
}
interface Configuration {
  name: string;
  key_values: KeyValue[];
}
interface ErrorBody {
  code: string;
  message: string;
  detailedMessage: string;
}
interface EventRecord {
  Records?: { eventName: string; s3: { bucket: { name: string }; object: { key: string } } }[];
}

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let receiver: WebhookReceiver;

const BUCKET = 'events-bucket';
const TOKEN = 'webhook-secret-token';
const ENV_MIME = 'text/csv';

const valueOf = (c: Configuration, key: string) => c.key_values.find((kv) => kv.key === key)?.value;

async function upload(name: string, text: string) {
  const fd = new FormData();
  fd.append('file', new Blob([text], { type: 'text/plain' }), name);
  return client.json('POST', `/api/v1/buckets/${BUCKET}/objects/upload?prefix=docs%2F`, { body: fd });
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  engine = await startEngine({ drives: 4, env: { MINIO_COMPRESSION_MIME_TYPES: ENV_MIME } });
  consoleApp = await startConsole(engine.url, { region: 'us-east-1' });
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
  await receiver?.stop();
});

describe('configuration sections', () => {
  it('changes compression at once (no restart), drops empty values, reads it back, resets it', async () => {
    const set = await client.json<{ restart: boolean }>('PUT', '/api/v1/configs/compression', {
      json: {
        key_values: [
          { key: 'enable', value: 'on' },
          { key: 'extensions', value: '.txt,.log' },
          { key: 'mime_types', value: '' },
        ],
      },
    });
    expect(set).toEqual({ status: 200, body: { restart: false } });
    const got = await client.json<Configuration>('GET', '/api/v1/configs/compression');
    expect(got.status).toBe(200);
    expect(got.body.name).toBe('compression');
    expect(valueOf(got.body, 'extensions')).toBe('.txt,.log');
    // Set in the engine's environment: shown with its value, marked, and not the stored one.
    expect(got.body.key_values.filter((kv) => kv.env_override === true)).toEqual([
      { key: 'mime_types', value: ENV_MIME, env_override: true },
    ]);

    const reset = await client.json<{ restart: boolean }>('DELETE', '/api/v1/configs/compression');
    expect(reset).toEqual({ status: 200, body: { restart: false } });
    const after = await client.json<Configuration>('GET', '/api/v1/configs/compression');
    expect(valueOf(after.body, 'extensions')).not.toBe('.txt,.log');
    expect((await client.json('GET', '/api/v1/service/restart')).body).toEqual({ restart_required: false });
  });

  it("refuses a bad change with the engine's message, and a malformed name", async () => {
    const bad = await client.json<ErrorBody>('PUT', '/api/v1/configs/compression', {
      json: { key_values: [{ key: 'no_such_key', value: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('config_invalid');
    expect(bad.body.detailedMessage).toMatch(/^XMinioAdminConfigBadJSON: /);
    const name = await client.json<ErrorBody>('GET', '/api/v1/configs/Bad%20Name');
    expect([name.status, name.body.code]).toEqual([400, 'invalid_request']);
    const empty = await client.json<ErrorBody>('PUT', '/api/v1/configs/region', {
      json: { key_values: [{ key: 'name', value: '' }] },
    });
    expect([empty.status, empty.body.code]).toEqual([400, 'invalid_request']);
  });
});

describe('logger webhook targets', () => {
  it('lists none at first, then the named target added (applied at once), then none again', async () => {
    const path = '/api/v1/configs/logger_webhook/targets';
    expect((await client.json('GET', path)).body).toEqual({ targets: [] });
    const added = await client.json('PUT', '/api/v1/configs/logger_webhook:ops', {
      json: {
        key_values: [
          { key: 'endpoint', value: `${receiver.url}/log` },
          { key: 'auth_token', value: TOKEN },
        ],
      },
    });
    expect(added).toEqual({ status: 200, body: { restart: false } });
    const listed = await client.json<{ targets: Configuration[] }>('GET', path);
    expect(listed.body.targets.map((t) => t.name)).toEqual(['logger_webhook:ops']);
    expect(valueOf(listed.body.targets[0] ?? { name: '', key_values: [] }, 'endpoint')).toBe(
      `${receiver.url}/log`,
    );
    expect(JSON.stringify(listed.body)).not.toContain(TOKEN);
    expect((await client.json('DELETE', '/api/v1/configs/logger_webhook:ops')).status).toBe(200);
    expect((await client.json('GET', path)).body).toEqual({ targets: [] });
  });
});

describe('notification targets', () => {
  it('adds webhook targets under the lowest free ids; the auth token is never echoed', async () => {
    for (const expected of ['notify_webhook:1', 'notify_webhook:2']) {
      const added = await client.json<{ restart: boolean; name?: string }>(
        'PUT',
        '/api/v1/configs/notify_webhook',
        {
          json: {
            key_values: [
              { key: 'endpoint', value: `${receiver.url}/hook` },
              { key: 'auth_token', value: TOKEN },
              { key: 'queue_dir', value: '' },
            ],
          },
        },
      );
      expect(added).toEqual({ status: 200, body: { restart: true, name: expected } });
    }
    const one = await client.json<Configuration>('GET', '/api/v1/configs/notify_webhook:1');
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('notify_webhook:1');
    expect(valueOf(one.body, 'endpoint')).toBe(`${receiver.url}/hook`);
    expect(JSON.stringify(one.body)).not.toContain(TOKEN);

    const targets = await client.json<{ targets: Configuration[] }>(
      'GET',
      '/api/v1/configs/notify_webhook/targets',
    );
    expect(targets.body.targets.map((t) => t.name)).toEqual(['notify_webhook:1', 'notify_webhook:2']);
    expect(JSON.stringify(targets.body)).not.toContain(TOKEN);

    const missing = await client.json<ErrorBody>('GET', '/api/v1/configs/notify_webhook:9');
    expect([missing.status, missing.body.code]).toEqual([404, 'not_found']);
  });

  it('sending the redacted token back keeps the stored one (an edit of the endpoint only)', async () => {
    const one = await client.json<Configuration>('GET', '/api/v1/configs/notify_webhook:1');
    const edited = one.body.key_values.map((kv) =>
      kv.key === 'endpoint'
        ? { key: kv.key, value: `${receiver.url}/hook` }
        : { key: kv.key, value: kv.value },
    );
    const put = await client.json('PUT', '/api/v1/configs/notify_webhook:1', {
      json: { key_values: edited },
    });
    expect(put.status).toBe(200);
  });

  it('remembers that a restart is needed', async () => {
    expect((await client.json('GET', '/api/v1/service/restart')).body).toEqual({ restart_required: true });
  });

  it('restarts the engine, waits for it, and clears the state', async () => {
    const restarted = await client.json('POST', '/api/v1/service/restart', { json: {} });
    expect(restarted).toEqual({ status: 200, body: {} });
    expect((await client.json('GET', '/api/v1/service/restart')).body).toEqual({ restart_required: false });
    expect((await client.json('GET', '/api/v1/buckets')).status).toBe(200);
  });

  it('lists the targets online with their ARNs once the engine runs them', async () => {
    const endpoints = await client.json<{ notification_endpoints: unknown[] }>(
      'GET',
      '/api/v1/admin/notification_endpoints',
    );
    expect(endpoints.body.notification_endpoints).toEqual([
      { service: 'webhook', account_id: '1', status: 'online' },
      { service: 'webhook', account_id: '2', status: 'online' },
    ]);
    const arns = await client.json<{ arns: string[] }>('GET', '/api/v1/admin/arns');
    expect(arns.body.arns).toEqual([
      'arn:minio:sqs:us-east-1:1:webhook',
      'arn:minio:sqs:us-east-1:2:webhook',
    ]);
  });
});

describe('bucket events', () => {
  const ARN = 'arn:minio:sqs:us-east-1:1:webhook';
  const rule = { arn: ARN, events: ['put', 'delete'], prefix: 'docs/', suffix: '.txt' };

  it('subscribes the bucket; the same rule again is refused unless ignoreExisting', async () => {
    const sub = await client.json('POST', `/api/v1/buckets/${BUCKET}/events`, {
      json: { configuration: rule, ignoreExisting: false },
    });
    expect(sub).toEqual({ status: 201, body: {} });
    const again = await client.json<ErrorBody>('POST', `/api/v1/buckets/${BUCKET}/events`, {
      json: { configuration: { ...rule, events: ['delete', 'put'] }, ignoreExisting: false },
    });
    expect([again.status, again.body.code]).toEqual([409, 'event_rule_exists']);
    const ignored = await client.json('POST', `/api/v1/buckets/${BUCKET}/events`, {
      json: { configuration: rule, ignoreExisting: true },
    });
    expect(ignored.status).toBe(201);

    const list = await client.json<{ events: { id: string; arn: string }[] }>(
      'GET',
      `/api/v1/buckets/${BUCKET}/events`,
    );
    expect(list.body.events).toHaveLength(1);
    expect(list.body.events[0]).toMatchObject({
      arn: ARN,
      events: ['put', 'delete'],
      prefix: 'docs/',
      suffix: '.txt',
    });
    expect(list.body.events[0]?.id).not.toBe('');
  });

  it("refuses an ARN the engine does not know with the engine's message", async () => {
    const unknown = await client.json<ErrorBody>('POST', `/api/v1/buckets/${BUCKET}/events`, {
      json: { configuration: { ...rule, arn: 'arn:minio:sqs:us-east-1:77:webhook' }, ignoreExisting: false },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detailedMessage).toMatch(/^InvalidArgument: /);
  });

  it('delivers an upload and a delete matching the rule to the receiver (and nothing else)', async () => {
    receiver.clear();
    expect((await upload('skip.bin', 'no')).status).toBe(200);
    expect((await upload('note.txt', 'hello')).status).toBe(200);
    const del = await client.request(
      'DELETE',
      `/api/v1/buckets/${BUCKET}/objects?path=${encodeURIComponent('docs/note.txt')}`,
    );
    expect(del.status).toBeLessThan(300);
    // Only the target's deliveries count (the receiver also served the logger webhook).
    const hooks = (all: { url: string }[]) => all.filter((p) => p.url.startsWith('/hook'));
    let all = await receiver.waitFor(2);
    while (hooks(all).length < 2) all = await receiver.waitFor(all.length + 1);
    const posts = hooks(all) as typeof all;
    const records = posts
      .map((p) => JSON.parse(p.body) as EventRecord)
      .flatMap((e) => e.Records ?? [])
      .map((r) => `${r.eventName} ${r.s3.bucket.name}/${decodeURIComponent(r.s3.object.key)}`);
    expect(records.slice(0, 2)).toEqual([
      `s3:ObjectCreated:Put ${BUCKET}/docs/note.txt`,
      `s3:ObjectRemoved:Delete ${BUCKET}/docs/note.txt`,
    ]);
    expect(posts[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('removes the rule; removing it again is not found', async () => {
    const path = `/api/v1/buckets/${BUCKET}/events/${encodeURIComponent(ARN)}`;
    const body = { events: ['delete', 'put'], prefix: 'docs/', suffix: '.txt' };
    expect((await client.json('DELETE', path, { json: body })).status).toBe(204);
    expect((await client.json('GET', `/api/v1/buckets/${BUCKET}/events`)).body).toEqual({ events: [] });
    const again = await client.json<ErrorBody>('DELETE', path, { json: body });
    expect([again.status, again.body.code]).toEqual([404, 'not_found']);
  });
});

describe('removing a target', () => {
  it('removes notify_webhook:2; the restart is needed again', async () => {
    const removed = await client.json('DELETE', '/api/v1/admin/notification_endpoints/webhook/2');
    expect(removed).toEqual({ status: 200, body: { restart: true } });
    expect((await client.json('GET', '/api/v1/service/restart')).body).toEqual({ restart_required: true });
    const targets = await client.json<{ targets: Configuration[] }>(
      'GET',
      '/api/v1/configs/notify_webhook/targets',
    );
    expect(targets.body.targets.map((t) => t.name)).toEqual(['notify_webhook:1']);
    const unknown = await client.json<ErrorBody>(
      'DELETE',
      '/api/v1/admin/notification_endpoints/carrier-pigeon/1',
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
  });
});

describe('who may', () => {
  it('lists Settings and the webhook screens for an admin only; the engine refuses the others', async () => {
    const root = await client.json<{ pages: string[] }>('GET', '/api/v1/session');
    expect(root.body.pages).toEqual(
      expect.arrayContaining(['/settings', '/webhook/logger', '/webhook/audit']),
    );

    const created = await client.json('POST', '/api/v1/users', {
      json: { accessKey: 'writer', secretKey: 'writer-secret-1', policies: ['readwrite'] },
    });
    expect(created.status).toBe(201);
    const writer = new ConsoleClient(consoleApp.url);
    await writer.login('writer', 'writer-secret-1');
    const pages = await writer.json<{ pages: string[] }>('GET', '/api/v1/session');
    expect(pages.body.pages).not.toContain('/settings');
    expect(pages.body.pages).not.toContain('/webhook/logger');
    for (const [method, path] of [
      ['GET', '/api/v1/configs/region'],
      ['GET', '/api/v1/admin/arns'],
      ['POST', '/api/v1/service/restart'],
    ] as const) {
      const refused = await writer.json<ErrorBody>(method, path, method === 'POST' ? { json: {} } : {});
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({
        path,
        status: 403,
        code: 'access_denied',
      });
    }
    // Bucket events are S3: readwrite may read them.
    expect((await writer.json('GET', `/api/v1/buckets/${BUCKET}/events`)).status).toBe(200);
  });
});
