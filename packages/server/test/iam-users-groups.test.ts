/**
 * Users and groups through the console against the real engine (spec 2 §7 Users and groups):
 * create (with groups and policies; an existing key refused; the spec's password message), list
 * sorted by access key, detail, status and group edits, bulk group assignment (and its spec
 * message), another user's password, deletion; groups created with members, listed with their
 * policies, edited (members, status), deleted with members still in them. A disabled user cannot
 * sign in (401, the one invalid-login answer); re-enabled, it can.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let admin: ConsoleClient;

interface User {
  accessKey: string;
  status: string;
  memberOf: string[];
  policy: string[];
}
interface Group {
  name: string;
  members: string[];
  status: string;
  policy: string;
}

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

describe('groups', () => {
  it('creates a group with no members and gives it readonly', async () => {
    const created = await admin.json<Group>('POST', '/api/v1/groups', { json: { group: 'readers' } });
    expect(created).toEqual({
      status: 201,
      body: { name: 'readers', members: [], status: 'enabled', policy: '' },
    });
    expect(
      (
        await admin.request('PUT', '/api/v1/set-policy/readonly', {
          json: { entityName: 'readers', entityType: 'group' },
        })
      ).status,
    ).toBe(204);
    expect((await admin.json<Group>('GET', '/api/v1/group?name=readers')).body.policy).toBe('readonly');
  });

  it('refuses an existing group name and a blank one', async () => {
    const again = await admin.json('POST', '/api/v1/groups', { json: { group: 'readers' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'conflict' });
    const blank = await admin.json('POST', '/api/v1/groups', { json: { group: '   ' } });
    expect(blank.status).toBe(400);
  });
});

describe('users', () => {
  it('refuses a short secret with the spec message, before creating anything', async () => {
    const { status, body } = await admin.json('POST', '/api/v1/users', {
      json: { accessKey: 'shorty', secretKey: 'short', groups: [] },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'invalid_request',
      message: 'Passwords must be at least 8 characters long',
    });
    expect((await admin.json('GET', '/api/v1/user?name=shorty')).status).toBe(404);
  });

  it('creates users in groups and with policies; lists them sorted by access key', async () => {
    const alice = await admin.json<User>('POST', '/api/v1/users', {
      json: { accessKey: 'alice', secretKey: 'alice-secret-1', groups: ['readers'] },
    });
    expect(alice).toEqual({
      status: 201,
      body: { accessKey: 'alice', status: 'enabled', memberOf: ['readers'], policy: [] },
    });
    const bob = await admin.json<User>('POST', '/api/v1/users', {
      json: {
        accessKey: 'bob',
        secretKey: 'bob-secret-1',
        groups: [],
        policies: ['readwrite', 'diagnostics'],
      },
    });
    expect(bob.status).toBe(201);
    expect([...bob.body.policy].sort()).toEqual(['diagnostics', 'readwrite']);
    await admin.json('POST', '/api/v1/users', {
      json: { accessKey: 'team/carol', secretKey: 'carol-secret-1' },
    });

    const list = await admin.json<{ users: User[] }>('GET', '/api/v1/users');
    expect(list.status).toBe(200);
    expect(list.body.users.map((u) => u.accessKey)).toEqual(['alice', 'bob', 'team/carol']);
    expect(list.body.users[0]).toMatchObject({ accessKey: 'alice', status: 'enabled' });
  });

  it('refuses to create a user that exists (its secret would be replaced)', async () => {
    const { status, body } = await admin.json('POST', '/api/v1/users', {
      json: { accessKey: 'alice', secretKey: 'another-secret' },
    });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'conflict' });
    const still = new ConsoleClient(consoleApp.url);
    await still.login('alice', 'alice-secret-1');
  });

  it('shows a user (names with slashes too) and a missing one as 404', async () => {
    expect(await admin.json('GET', `/api/v1/user?name=${encodeURIComponent('team/carol')}`)).toEqual({
      status: 200,
      body: { accessKey: 'team/carol', status: 'enabled', memberOf: [], policy: [] },
    });
    const missing = await admin.json('GET', '/api/v1/user?name=nobody');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found' });
    expect(String(missing.body.detailedMessage)).toMatch(/^XMinioAdminNoSuchUser: /);
  });

  it('groups listed with members, status and policies', async () => {
    const { status, body } = await admin.json<{ groups: Group[]; total: number }>('GET', '/api/v1/groups');
    expect(status).toBe(200);
    expect(body).toEqual({
      groups: [{ name: 'readers', members: ['alice'], status: 'enabled', policy: 'readonly' }],
      total: 1,
    });
  });

  it('bulk-adds users to groups; without a group it is the spec message', async () => {
    await admin.json('POST', '/api/v1/groups', { json: { group: 'writers', members: [] } });
    const none = await admin.json('PUT', '/api/v1/users-groups-bulk', {
      json: { groups: [], users: ['bob'] },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('You need to select at least one group to assign');
    const res = await admin.request('PUT', '/api/v1/users-groups-bulk', {
      json: { groups: ['writers', 'readers'], users: ['bob', 'team/carol'] },
    });
    expect(res.status).toBe(204);
    const bob = await admin.json<User>('GET', '/api/v1/user?name=bob');
    expect(bob.body.memberOf).toEqual(['readers', 'writers']);
  });

  it('sets status and exactly the given groups', async () => {
    const updated = await admin.json<User>('PUT', '/api/v1/user?name=bob', {
      json: { status: 'disabled', groups: ['writers'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ accessKey: 'bob', status: 'disabled', memberOf: ['writers'] });
    expect((await admin.json<Group>('GET', '/api/v1/group?name=readers')).body.members).toEqual([
      'alice',
      'team/carol',
    ]);
  });

  it('a disabled user cannot sign in (401, the one invalid-login answer); enabled again it can', async () => {
    const bob = new ConsoleClient(consoleApp.url);
    const refused = await bob.json('POST', '/api/v1/login', {
      json: { accessKey: 'bob', secretKey: 'bob-secret-1' },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      code: 'invalid_login',
      message: 'Invalid login: the access key or secret key is wrong',
    });
    await admin.json('PUT', '/api/v1/user?name=bob', { json: { status: 'enabled' } });
    await bob.login('bob', 'bob-secret-1');
  });

  it("changes another user's password: the spec message under 8; the old secret stops working", async () => {
    const short = await admin.json('POST', '/api/v1/account/change-user-password', {
      json: { selectedUser: 'team/carol', newSecretKey: '1234567' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Passwords must be at least 8 characters long');
    const res = await admin.request('POST', '/api/v1/account/change-user-password', {
      json: { selectedUser: 'team/carol', newSecretKey: 'carol-secret-2' },
    });
    expect(res.status).toBe(204);
    const carol = new ConsoleClient(consoleApp.url);
    expect(
      (
        await carol.json('POST', '/api/v1/login', {
          json: { accessKey: 'team/carol', secretKey: 'carol-secret-1' },
        })
      ).status,
    ).toBe(401);
    await carol.login('team/carol', 'carol-secret-2');
    // Groups and status are kept.
    expect(
      (await admin.json<User>('GET', `/api/v1/user?name=${encodeURIComponent('team/carol')}`)).body,
    ).toMatchObject({
      status: 'enabled',
      memberOf: ['readers', 'writers'],
    });
  });

  it('edits a group: members exactly, status; a rename is refused', async () => {
    const edited = await admin.json<Group>('PUT', '/api/v1/group?name=writers', {
      json: { group: 'writers', members: ['alice', 'bob'], status: 'disabled' },
    });
    expect(edited).toEqual({
      status: 200,
      body: { name: 'writers', members: ['alice', 'bob'], status: 'disabled', policy: '' },
    });
    const renamed = await admin.json('PUT', '/api/v1/group?name=writers', {
      json: { group: 'other', members: [], status: 'enabled' },
    });
    expect(renamed.status).toBe(400);
  });

  it('deletes a group that still has members', async () => {
    expect((await admin.request('DELETE', '/api/v1/group?name=writers')).status).toBe(204);
    expect((await admin.json('GET', '/api/v1/group?name=writers')).status).toBe(404);
    expect((await admin.json<User>('GET', '/api/v1/user?name=alice')).body.memberOf).toEqual(['readers']);
  });

  it("deletes a user: gone from the list, its session refused, can't sign in", async () => {
    const carol = new ConsoleClient(consoleApp.url);
    await carol.login('team/carol', 'carol-secret-2');
    // The web sends a body {id} with it (spec 2 §7); it is not needed.
    const res = await admin.request('DELETE', `/api/v1/user?name=${encodeURIComponent('team/carol')}`, {
      json: { id: 'team/carol' },
    });
    expect(res.status).toBe(204);
    const list = await admin.json<{ users: User[] }>('GET', '/api/v1/users');
    expect(list.body.users.map((u) => u.accessKey)).toEqual(['alice', 'bob']);
    // Temporary credentials of a removed user stop working: the session ends (401).
    expect((await carol.json('GET', '/api/v1/buckets')).status).toBe(401);
    const again = new ConsoleClient(consoleApp.url);
    expect(
      (
        await again.json('POST', '/api/v1/login', {
          json: { accessKey: 'team/carol', secretKey: 'carol-secret-2' },
        })
      ).status,
    ).toBe(401);
  });
});
