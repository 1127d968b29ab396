/**
 * Policies through the console against the real engine (spec 2 §7 Policies): the built-ins
 * listed sorted by name (and `limit`), create, read, replace, the users and groups a policy is
 * attached to, set-policy replacing an entity's policies, a malformed document refused with
 * the storage server's message in detailedMessage, deleting (refused while attached, then
 * allowed), and unknown policies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let admin: ConsoleClient;

interface Policy {
  name: string;
  policy: string;
}

const TEAM_POLICY = {
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: ['arn:aws:s3:::team/*'] },
  ],
};

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  admin = new ConsoleClient(consoleApp.url);
  await admin.login(engine.accessKey, engine.secretKey);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('policies', () => {
  it('lists the built-in policies sorted by name; limit keeps the first', async () => {
    const { status, body } = await admin.json<{ policies: Policy[]; total: number }>(
      'GET',
      '/api/v1/policies',
    );
    expect(status).toBe(200);
    const names = body.policies.map((p) => p.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining(['consoleAdmin', 'diagnostics', 'readonly', 'readwrite', 'writeonly']),
    );
    expect(body.total).toBe(names.length);
    const limited = await admin.json<{ policies: Policy[]; total: number }>(
      'GET',
      '/api/v1/policies?limit=2',
    );
    expect(limited.body.policies.map((p) => p.name)).toEqual(names.slice(0, 2));
    expect(limited.body.total).toBe(names.length);
  });

  it('creates a policy (name trimmed) and reads it back', async () => {
    const saved = await admin.json<Policy>('POST', '/api/v1/policies', {
      json: { name: ' team-rw ', policy: JSON.stringify(TEAM_POLICY) },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.name).toBe('team-rw');
    expect(JSON.parse(saved.body.policy)).toEqual(TEAM_POLICY);
    const read = await admin.json<Policy>('GET', '/api/v1/policy?name=team-rw');
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body.policy)).toEqual(TEAM_POLICY);
  });

  it("refuses a malformed document with the storage server's message in detailedMessage", async () => {
    for (const policy of ['{"Version":"2012-10-17","Statement":[{"Effect":"Maybe"}]}', 'not json at all']) {
      const { status, body } = await admin.json('POST', '/api/v1/policies', {
        json: { name: 'broken', policy },
      });
      expect(status, policy).toBe(400);
      expect(body.code, policy).toBe('invalid_request');
      expect(String(body.detailedMessage), policy).toMatch(/^(XMinioMalformedIAMPolicy|MalformedPolicy): .+/);
    }
    expect((await admin.json('GET', '/api/v1/policy?name=broken')).status).toBe(404);
  });

  it('replaces a document', async () => {
    const updated = {
      ...TEAM_POLICY,
      Statement: [{ ...TEAM_POLICY.Statement[0], Action: ['s3:GetObject'] }],
    };
    expect(
      (
        await admin.json('POST', '/api/v1/policies', {
          json: { name: 'team-rw', policy: JSON.stringify(updated) },
        })
      ).status,
    ).toBe(200);
    expect(JSON.parse((await admin.json<Policy>('GET', '/api/v1/policy?name=team-rw')).body.policy)).toEqual(
      updated,
    );
  });

  it('set-policy gives users and groups exactly the named policies; the policy lists them', async () => {
    await admin.json('POST', '/api/v1/users', { json: { accessKey: 'dana', secretKey: 'dana-secret-1' } });
    await admin.json('POST', '/api/v1/users', { json: { accessKey: 'eve', secretKey: 'eve-secret-1' } });
    await admin.json('POST', '/api/v1/groups', { json: { group: 'team' } });
    const set = (names: string, entityName: string, entityType: string) =>
      admin.request('PUT', `/api/v1/set-policy/${encodeURIComponent(names)}`, {
        json: { entityName, entityType },
      });
    expect((await set('team-rw,readonly', 'dana', 'user')).status).toBe(204);
    expect((await set('team-rw', 'eve', 'user')).status).toBe(204);
    expect((await set('team-rw', 'team', 'group')).status).toBe(204);
    expect((await admin.json('GET', '/api/v1/user?name=dana')).body.policy).toEqual(['team-rw', 'readonly']);

    expect(await admin.json('GET', '/api/v1/policies/team-rw/users')).toEqual({
      status: 200,
      body: ['dana', 'eve'],
    });
    expect(await admin.json('GET', '/api/v1/policies/team-rw/groups')).toEqual({
      status: 200,
      body: ['team'],
    });

    // Exactly: dana keeps readonly only.
    expect((await set('readonly', 'dana', 'user')).status).toBe(204);
    expect((await admin.json('GET', '/api/v1/user?name=dana')).body.policy).toEqual(['readonly']);
    expect((await admin.json('GET', '/api/v1/policies/team-rw/users')).body).toEqual(['eve']);
  });

  it('refuses to delete a policy in use, then deletes it once detached', async () => {
    const inUse = await admin.json('DELETE', '/api/v1/policy?name=team-rw');
    expect(inUse.status).toBe(409);
    expect(String(inUse.body.detailedMessage)).toMatch(/^XMinioIAMPolicyInUse: /);
    for (const [entityName, entityType] of [
      ['eve', 'user'],
      ['team', 'group'],
    ]) {
      const res = await admin.request('PUT', '/api/v1/set-policy/', { json: { entityName, entityType } });
      expect(res.status).toBe(204);
    }
    expect((await admin.request('DELETE', '/api/v1/policy?name=team-rw')).status).toBe(204);
    expect((await admin.json('GET', '/api/v1/policy?name=team-rw')).status).toBe(404);
    expect(
      (await admin.json<{ policies: Policy[] }>('GET', '/api/v1/policies')).body.policies.map((p) => p.name),
    ).not.toContain('team-rw');
  });

  it('an unknown policy is 404; attaching one is refused', async () => {
    const missing = await admin.json('GET', '/api/v1/policy?name=no-such-policy');
    expect(missing.status).toBe(404);
    expect(String(missing.body.detailedMessage)).toMatch(/^XMinioAdminNoSuchPolicy: /);
    const attach = await admin.json('PUT', '/api/v1/set-policy/no-such-policy', {
      json: { entityName: 'dana', entityType: 'user' },
    });
    expect(attach.status).toBe(404);
  });
});
