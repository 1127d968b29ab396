/**
 * The server configuration over HTTP (issue 10 §1): an engine started with `createEngine` (port 0,
 * four temp drives) driven through the admin config API the way madmin drives it — encrypted KV
 * text in and out, help JSON, MinIO's validation errors, the x-minio-config-applied restart signal
 * — then restarted in place through `service?action=restart` (same port, same process, requests
 * during the swap answered), after which the configured region is in force on SigV4 scopes and
 * bucket locations. The configuration survives a full stop and start on the same drives, and
 * madmin-go itself (the probe) reads and writes it.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { presignUrl } from '@coffer/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine.js';
import { adminCall, createUser, type Keys } from './helpers/admin-calls.js';
import { buildMadminProbe, probeSteps, runMadminProbe } from './helpers/madmin-probe.js';
import { signedRequest } from './helpers/signed-request.js';

let dir: string;
let drives: string[];
let engine: Engine;
const root: Keys = { accessKey: 'configadmin', secretKey: 'configsecret-123456' };
const BUCKET = 'config-bucket';
const WEBHOOK = 'http://127.0.0.1:9/events';

function start(): Promise<Engine> {
  return createEngine({
    address: '127.0.0.1:0',
    drives,
    dataDir: dir,
    rootUser: root.accessKey,
    rootPassword: root.secretKey,
    env: {},
  });
}

/** set-config-kv as madmin sends it: the text encrypted with the caller's secret. */
function setConfig(text: string, keys: Keys = root) {
  return adminCall(engine, keys, 'PUT', 'set-config-kv', { body: text, encrypt: true, region: '' });
}

async function getConfig(key: string): Promise<string> {
  const answer = await adminCall(engine, root, 'GET', 'get-config-kv', { query: { key }, decrypt: true });
  expect(answer.status, answer.text).toBe(200);
  return answer.text;
}

/** Wait (for state, not time) until the restarted services answer with `region`. */
async function waitForRegion(region: string): Promise<void> {
  while (engine.context.region !== region) await new Promise((resolve) => setImmediate(resolve));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'coffer-engine-config-'));
  drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  engine = await start();
  const made = await signedRequest(engine.url, root, { method: 'PUT', path: `/${BUCKET}` });
  expect(made.status).toBe(200);
  const put = await signedRequest(engine.url, root, {
    method: 'PUT',
    path: `/${BUCKET}/kept.txt`,
    body: 'still here',
  });
  expect(put.status).toBe(200);
});

afterAll(async () => {
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('admin config API', () => {
  it("answers help-config-kv in madmin's shape, plain JSON", async () => {
    const answer = await adminCall(engine, root, 'GET', 'help-config-kv', {
      query: { subSys: 'compression', key: '' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ subSys: 'compression', multipleTargets: false });
    const keys = (answer.json as { keysHelp: { key: string }[] }).keysHelp.map((k) => k.key);
    expect(keys).toEqual(['enable', 'allow_encryption', 'extensions', 'mime_types', 'comment']);
    const unknown = await adminCall(engine, root, 'GET', 'help-config-kv', {
      query: { subSys: 'nosuch', key: '' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('XMinioAdminConfigBadJSON');
  });

  it('applies a dynamic sub-system at once (x-minio-config-applied) and shows it encrypted', async () => {
    const answer = await setConfig('compression enable=on extensions=".txt,.csv"');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('x-minio-config-applied')).toBe('true');
    expect(engine.context.config.get('compression').get('extensions')).toBe('.txt,.csv');
    expect(await getConfig('compression')).toBe(
      // MinIO leaves `enable=on` out (madmin reads a missing `enable` as on).
      'compression allow_encryption=off extensions=.txt,.csv mime_types=text/*,application/json,application/xml,binary/octet-stream comment=\n',
    );
  });

  it('stores a restart-only sub-system without the applied header, its secret redacted on get', async () => {
    const answer = await setConfig(`notify_webhook:1 endpoint=${WEBHOOK} auth_token="very secret"`);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('x-minio-config-applied')).toBeNull();
    const text = await getConfig('notify_webhook:1');
    expect(text).toContain(`notify_webhook:1 endpoint=${WEBHOOK} auth_token=*redacted*`);
    expect(text).not.toContain('very secret');
    // Not in force before the restart.
    expect(engine.context.config.targets('notify_webhook')).toEqual([]);
    // The full export is the backup: secrets included.
    const full = await adminCall(engine, root, 'GET', 'config', { decrypt: true });
    expect(full.text).toContain('auth_token="very secret"');
  });

  it("refuses bad input with MinIO's error and message, changing nothing", async () => {
    const answer = await setConfig('notify_webhook:2 queue_limit=5');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      Code: 'XMinioAdminConfigBadJSON',
      Message:
        "'endpoint' is not optional for 'notify_webhook' sub-system, please check 'notify_webhook' documentation",
    });
    expect(await getConfig('notify_webhook')).not.toContain('notify_webhook:2');
    const unknown = await setConfig('nosuch key=value');
    expect(unknown.json).toMatchObject({
      Code: 'XMinioAdminConfigBadJSON',
      Message: 'unknown sub-system nosuch',
    });
  });

  it('needs admin:ConfigUpdate', async () => {
    const user = await createUser({ url: engine.url, ...root }, 'config-reader', 'config-reader-secret', [
      'readwrite',
    ]);
    const answer = await setConfig('compression enable=off', user);
    expect(answer.status).toBe(403);
    expect(engine.context.config.get('compression').get('enable')).toBe('on');
  });
});

describe('region and in-place restart', () => {
  it('keeps answering with the old region until the restart', async () => {
    const answer = await setConfig('region name=eu-west-9');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get('x-minio-config-applied')).toBeNull();
    const read = await signedRequest(engine.url, root, { method: 'GET', path: `/${BUCKET}/kept.txt` });
    expect(read.status).toBe(200);
  });

  it('restarts in place on service?action=restart: same port, requests meanwhile answered, new region in force', async () => {
    const url = engine.url;
    const before = engine.context;
    const restart = await adminCall(engine, root, 'POST', 'service', {
      query: { action: 'restart', type: '2' },
      region: '',
    });
    expect(restart.status, restart.text).toBe(200);
    expect(restart.json).toEqual({
      action: 'restart',
      dryRun: false,
      results: [{ host: new URL(url).host }],
    });
    // Requests sent while the services are swapped wait for the new ones: none is refused.
    const during = await Promise.all(
      Array.from({ length: 12 }, () =>
        signedRequest(url, root, { method: 'GET', path: '/minio/health/live', region: 'eu-west-9' }),
      ),
    );
    expect(during.map((r) => r.status)).toEqual(during.map(() => 200));
    await waitForRegion('eu-west-9');
    expect(engine.context).not.toBe(before);
    expect(engine.url).toBe(url);

    const wrong = await signedRequest(url, root, { method: 'GET', path: `/${BUCKET}/kept.txt` });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain('<Code>AuthorizationHeaderMalformed</Code>');
    expect(wrong.body).toContain('the region is wrong; expecting &apos;eu-west-9&apos;.');

    const right = await signedRequest(url, root, {
      method: 'GET',
      path: `/${BUCKET}/kept.txt`,
      region: 'eu-west-9',
    });
    expect(right.status).toBe(200);
    expect(right.body).toBe('still here');
    expect(right.headers['x-amz-bucket-region']).toBe('eu-west-9');

    // ListBuckets and GetBucketLocation accept any signing region (how clients learn it; MinIO too).
    const location = await signedRequest(url, root, { method: 'GET', path: `/${BUCKET}?location` });
    expect(location.status).toBe(200);
    expect(location.body).toContain('>eu-west-9</LocationConstraint>');
    const list = await signedRequest(url, root, { method: 'GET', path: '/' });
    expect(list.status).toBe(200);
    expect(list.body).toContain(`<Name>${BUCKET}</Name>`);

    const presigned = presignUrl({
      method: 'GET',
      url: `${url}/${BUCKET}/kept.txt`,
      accessKey: root.accessKey,
      secretKey: root.secretKey,
      region: 'us-east-1',
      expiresSeconds: 60,
    });
    const viaUrl = await fetch(presigned);
    expect(viaUrl.status).toBe(400);
    expect(await viaUrl.text()).toContain('<Code>InvalidRegion</Code>');

    // The restart-only webhook target is in force now, and admin calls answer (any signing region).
    expect(engine.context.config.targets('notify_webhook').map((t) => t.target)).toEqual(['1']);
    const info = await adminCall(engine, root, 'GET', 'info', { region: '' });
    expect(info.status).toBe(200);
  });

  it('answers requests sent right after the restart call with the new services, refusing no connection', async () => {
    expect((await setConfig('region name=eu-west-10')).status).toBe(200);
    // The restart starts swapping at once: every request sent after it is answered by the new
    // services (which refuse the old region; the old ones would answer 200) — the waiting itself is
    // proven deterministically in http-server-swap.test.ts.
    const restarting = engine.restart();
    const during = await Promise.all(
      Array.from({ length: 8 }, () =>
        signedRequest(engine.url, root, { method: 'GET', path: `/${BUCKET}/kept.txt`, region: 'eu-west-9' }),
      ),
    );
    await restarting;
    expect(during.map((r) => r.status)).toEqual(during.map(() => 400));
    for (const reply of during) expect(reply.body).toContain('expecting &apos;eu-west-10&apos;');
    expect(engine.context.region).toBe('eu-west-10');
  });

  it('refuses stop (an embedded engine is stopped by its owner) and unknown actions', async () => {
    const stop = await adminCall(engine, root, 'POST', 'service', { query: { action: 'stop' }, region: '' });
    expect(stop.status).toBe(501);
    const odd = await adminCall(engine, root, 'POST', 'service', {
      query: { action: 'explode' },
      region: '',
    });
    expect(odd.status).toBe(400);
    expect(odd.text).toContain('MalformedPOSTRequest');
  });

  it('keeps the configuration across a full stop and start on the same drives', async () => {
    await engine.close();
    engine = await start();
    expect(engine.context.region).toBe('eu-west-10');
    expect(engine.context.config.get('compression').get('extensions')).toBe('.txt,.csv');
    expect(await getConfig('region')).toBe('region name=eu-west-10 comment=\n');
  });
});

describe('madmin-go', () => {
  it('sets, reads, explains and deletes configuration through madmin', async () => {
    const binary = await buildMadminProbe();
    const { report, stderr } = await runMadminProbe(
      binary,
      'config',
      { url: engine.url, accessKey: root.accessKey, secretKey: root.secretKey },
      { MADMIN_WEBHOOK: WEBHOOK },
    );
    const steps = probeSteps(report);
    expect(steps.SetCompression, stderr).toMatchObject({ ok: true, value: { restart: false } });
    expect(steps.GetCompression?.value).toContain('extensions=.txt,.csv');
    expect(steps.SetWebhook).toMatchObject({ ok: true, value: { restart: true } });
    expect(steps.GetWebhook?.value).toContain('auth_token=*redacted*');
    const history = steps.ListHistory?.value as { restoreId: string; createTime: string; data: string }[];
    expect(history.at(-1)?.data).toBe(`notify_webhook:probe endpoint=${WEBHOOK} auth_token=*redacted*`);
    expect(history.at(-1)?.restoreId).toMatch(/^[0-9a-f-]{36}$/);
    expect(steps.HelpWebhook).toMatchObject({
      ok: true,
      value: { subSys: 'notify_webhook', multipleTargets: true },
    });
    expect(steps.SetRefused).toMatchObject({ ok: false, code: 'XMinioAdminConfigBadJSON' });
    expect(steps.DelWebhook).toMatchObject({ ok: true, value: { restart: true } });
    expect(steps.GetWebhookAfterDel?.value).not.toContain('notify_webhook:probe');
  });
});
