/**
 * The IAM calls (users, groups, policies, service accounts; wire doc §3.2–§3.5) against a fake
 * server: exact method, path and query; which bodies and answers are madmin-encrypted (keyed by
 * the signing secret — for STS credentials the temporary one); content types; and the shapes
 * decoded from the answers, including older servers' variants.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptData, encryptData, isEncrypted } from '@coffer/protocol';
import { sendJson, startFakeAdminServer, type FakeAdminServer } from '../test/fake-admin-server.js';
import { createAdminClient, type AdminClient } from './admin-client.js';
import { AdminApiError } from './errors.js';

const SECRET = 'temporary-secret-key';
const ACCESS = 'TMPACCESSKEY';

let fake: FakeAdminServer;
let client: AdminClient;

beforeAll(async () => {
  fake = await startFakeAdminServer(SECRET);
  client = createAdminClient({
    endpoint: fake.endpoint,
    accessKey: ACCESS,
    secretKey: SECRET,
    sessionToken: 'tok',
  });
});

afterAll(async () => {
  await fake.close();
});

/** The plaintext JSON of an encrypted request body. */
async function decryptedBody(): Promise<unknown> {
  const body = fake.last().body;
  expect(isEncrypted(body)).toBe(true);
  return JSON.parse((await decryptData(SECRET, body)).toString('utf8')) as unknown;
}

function plainBody(): unknown {
  return JSON.parse(fake.last().body.toString('utf8')) as unknown;
}

async function answerEncrypted(doc: unknown): Promise<void> {
  const envelope = await encryptData(SECRET, Buffer.from(JSON.stringify(doc)));
  fake.handle((_s, res) => {
    // MinIO keeps Content-Type application/json on envelopes (wire doc §2.5).
    res.setHeader('content-type', 'application/json');
    res.end(envelope);
  });
}

function answerJson(doc: unknown, status = 200): void {
  fake.handle((_s, res) => sendJson(res, status, doc));
}

function answerEmpty(status = 200): void {
  fake.handle((_s, res) => {
    res.statusCode = status;
    res.end();
  });
}

function expectRequest(method: string, url: string): void {
  const s = fake.last();
  expect(`${s.method} ${s.url}`).toBe(`${method} ${url}`);
  expect(s.signatureOk).toBe(true);
  expect(s.headers['x-amz-security-token']).toBe('tok');
}

describe('users (§3.2)', () => {
  it('list-users: answer decrypted; null means none', async () => {
    await answerEncrypted({ alice: { status: 'enabled', policyName: 'readonly', memberOf: ['g1'] } });
    expect(await client.listUsers()).toEqual({
      alice: { status: 'enabled', policyName: 'readonly', memberOf: ['g1'] },
    });
    expectRequest('GET', '/minio/admin/v3/list-users');
    await answerEncrypted(null);
    expect(await client.listUsers()).toEqual({});
  });

  it('user-info: plain, accessKey escaped', async () => {
    answerJson({ status: 'disabled', policyName: 'a,b' });
    expect(await client.userInfo('team/ann smith')).toEqual({ status: 'disabled', policyName: 'a,b' });
    expectRequest('GET', '/minio/admin/v3/user-info?accessKey=team%2Fann%20smith');
  });

  it('add-user: body encrypted with the signing secret', async () => {
    answerEmpty();
    await client.addUser('bob', 'bob-secret-1', 'disabled');
    expectRequest('PUT', '/minio/admin/v3/add-user?accessKey=bob');
    expect(fake.last().headers['content-type']).toBe('application/octet-stream');
    expect(fake.last().headers['content-length']).toBe(String(fake.last().body.length));
    expect(await decryptedBody()).toEqual({ secretKey: 'bob-secret-1', status: 'disabled' });
  });

  it('set-user-status and remove-user: query only', async () => {
    answerEmpty();
    await client.setUserStatus('bob', 'enabled');
    expectRequest('PUT', '/minio/admin/v3/set-user-status?accessKey=bob&status=enabled');
    expect(fake.last().body.length).toBe(0);
    await client.removeUser('bob');
    expectRequest('DELETE', '/minio/admin/v3/remove-user?accessKey=bob');
  });

  it('errors become AdminApiError with the server code', async () => {
    answerJson({ Code: 'XMinioAdminNoSuchUser', Message: 'The specified user does not exist.' }, 404);
    await expect(client.userInfo('ghost')).rejects.toMatchObject({
      name: 'AdminApiError',
      code: 'XMinioAdminNoSuchUser',
      status: 404,
    });
  });
});

describe('groups (§3.3)', () => {
  it('groups: list, null as empty', async () => {
    answerJson(['g1', 'g2']);
    expect(await client.listGroups()).toEqual(['g1', 'g2']);
    expectRequest('GET', '/minio/admin/v3/groups');
    answerJson(null);
    expect(await client.listGroups()).toEqual([]);
  });

  it('group: description', async () => {
    const desc = { name: 'g1', status: 'enabled', members: ['alice'], policy: 'readonly,diagnostics' };
    answerJson(desc);
    expect(await client.groupInfo('g1')).toEqual(desc);
    expectRequest('GET', '/minio/admin/v3/group?group=g1');
  });

  it('update-group-members: plain JSON with every field madmin sends', async () => {
    answerEmpty();
    await client.updateGroupMembers({ group: 'g1', members: ['alice', 'bob'], isRemove: false });
    expectRequest('PUT', '/minio/admin/v3/update-group-members');
    expect(fake.last().headers['content-type']).toBe('application/json');
    expect(plainBody()).toEqual({ group: 'g1', members: ['alice', 'bob'], groupStatus: '', isRemove: false });
    await client.updateGroupMembers({ group: 'g1', members: [], isRemove: true });
    expect(plainBody()).toEqual({ group: 'g1', members: [], groupStatus: '', isRemove: true });
  });

  it('set-group-status', async () => {
    answerEmpty();
    await client.setGroupStatus('g 1', 'disabled');
    expectRequest('PUT', '/minio/admin/v3/set-group-status?group=g%201&status=disabled');
  });
});

describe('canned policies and mapping (§3.4)', () => {
  const doc = {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::b/*'] }],
  };

  it('list-canned-policies', async () => {
    answerJson({ readonly: doc });
    expect(await client.listCannedPolicies()).toEqual({ readonly: doc });
    expectRequest('GET', '/minio/admin/v3/list-canned-policies');
  });

  it('info-canned-policy asks for v=2; an older server answering the bare document is wrapped', async () => {
    answerJson({ PolicyName: 'p', Policy: doc, CreateDate: '2025-01-01T00:00:00Z' });
    expect(await client.infoCannedPolicy('p')).toEqual({
      PolicyName: 'p',
      Policy: doc,
      CreateDate: '2025-01-01T00:00:00Z',
    });
    expectRequest('GET', '/minio/admin/v3/info-canned-policy?name=p&v=2');
    answerJson(doc);
    expect(await client.infoCannedPolicy('p')).toEqual({ PolicyName: 'p', Policy: doc });
  });

  it('add-canned-policy: the raw document, plain; text is sent as given', async () => {
    answerEmpty();
    await client.addCannedPolicy('p', doc);
    expectRequest('PUT', '/minio/admin/v3/add-canned-policy?name=p');
    expect(plainBody()).toEqual(doc);
    const text = '{ "Version": "2012-10-17", "Statement": [] }';
    await client.addCannedPolicy('p', text);
    expect(fake.last().body.toString('utf8')).toBe(text);
    expect(fake.last().headers['content-length']).toBe(String(Buffer.byteLength(text)));
  });

  it('remove-canned-policy', async () => {
    answerEmpty();
    await client.removeCannedPolicy('p');
    expectRequest('DELETE', '/minio/admin/v3/remove-canned-policy?name=p');
  });

  it('set-user-or-group-policy: comma-joined names, isGroup true/false exactly', async () => {
    answerEmpty();
    await client.setPolicy(['readonly', 'diagnostics'], { user: 'alice' });
    expectRequest(
      'PUT',
      '/minio/admin/v3/set-user-or-group-policy?isGroup=false&policyName=readonly%2Cdiagnostics&userOrGroup=alice',
    );
    await client.setPolicy([], { group: 'g1' });
    expectRequest('PUT', '/minio/admin/v3/set-user-or-group-policy?isGroup=true&policyName=&userOrGroup=g1');
  });

  it('attach/detach: octet-stream, body and answer encrypted; 201 and 204 are success', async () => {
    await answerEncrypted({ policiesAttached: ['readonly'], updatedAt: '2025-01-01T00:00:00Z' });
    expect(await client.attachPolicy({ policies: ['readonly'], user: 'alice' })).toEqual({
      policiesAttached: ['readonly'],
      updatedAt: '2025-01-01T00:00:00Z',
    });
    expectRequest('POST', '/minio/admin/v3/idp/builtin/policy/attach');
    expect(fake.last().headers['content-type']).toBe('application/octet-stream');
    expect(await decryptedBody()).toEqual({ policies: ['readonly'], user: 'alice' });

    const envelope = await encryptData(SECRET, Buffer.from('{"policiesDetached":["readonly"]}'));
    fake.handle((_s, res) => {
      res.statusCode = 201;
      res.end(envelope);
    });
    expect(await client.detachPolicy({ policies: ['readonly'], group: 'g1' })).toEqual({
      policiesDetached: ['readonly'],
    });
    expectRequest('POST', '/minio/admin/v3/idp/builtin/policy/detach');
    expect(await decryptedBody()).toEqual({ policies: ['readonly'], group: 'g1' });

    answerEmpty(204);
    expect(await client.attachPolicy({ policies: ['x'], group: 'g1' })).toEqual({});
  });

  it('attach refused when already applied', async () => {
    answerJson(
      {
        Code: 'XMinioAdminPolicyChangeAlreadyApplied',
        Message: 'The specified policy change is already in effect.',
      },
      400,
    );
    const err = await client.attachPolicy({ policies: ['readonly'], user: 'alice' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AdminApiError);
    expect(err).toMatchObject({ code: 'XMinioAdminPolicyChangeAlreadyApplied', status: 400 });
  });

  it('policy-entities: repeated filters, answer decrypted', async () => {
    const result = {
      timestamp: '2025-01-01T00:00:00Z',
      policyMappings: [{ policy: 'readonly', users: ['alice'], groups: ['g1'] }],
    };
    await answerEncrypted(result);
    expect(await client.policyEntities({ policies: ['readonly', 'consoleAdmin'], users: ['alice'] })).toEqual(
      result,
    );
    expectRequest(
      'GET',
      '/minio/admin/v3/idp/builtin/policy-entities?policy=readonly&policy=consoleAdmin&user=alice',
    );
    await answerEncrypted({});
    await client.policyEntities();
    expectRequest('GET', '/minio/admin/v3/idp/builtin/policy-entities');
  });
});

describe('service accounts (§3.5)', () => {
  it('add-service-account: request and answer encrypted', async () => {
    await answerEncrypted({
      credentials: {
        accessKey: 'SVC0123456789ABCDEFG',
        secretKey: 's/e+cret',
        expiration: '1970-01-01T00:00:00Z',
      },
    });
    const policy = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: ['s3:ListBucket'] }] };
    expect(await client.addServiceAccount({ policy, targetUser: 'alice', name: 'ci' })).toEqual({
      accessKey: 'SVC0123456789ABCDEFG',
      secretKey: 's/e+cret',
      expiration: '1970-01-01T00:00:00Z',
    });
    expectRequest('PUT', '/minio/admin/v3/add-service-account');
    expect(await decryptedBody()).toEqual({ policy, targetUser: 'alice', name: 'ci' });
    await client.addServiceAccount();
    expect(await decryptedBody()).toEqual({});
  });

  it('add-service-account: an answer without credentials is an error', async () => {
    await answerEncrypted({});
    await expect(client.addServiceAccount()).rejects.toMatchObject({ code: 'InvalidResponse' });
  });

  it('update-service-account: body encrypted, 204', async () => {
    answerEmpty(204);
    await client.updateServiceAccount('SVC1', { newStatus: 'off' });
    expectRequest('POST', '/minio/admin/v3/update-service-account?accessKey=SVC1');
    expect(await decryptedBody()).toEqual({ newStatus: 'off' });
  });

  it('info-service-account: answer decrypted', async () => {
    const info = { parentUser: 'alice', accountStatus: 'on', impliedPolicy: true, policy: '{}' };
    await answerEncrypted(info);
    expect(await client.infoServiceAccount('SVC1')).toEqual(info);
    expectRequest('GET', '/minio/admin/v3/info-service-account?accessKey=SVC1');
  });

  it('list-service-accounts: own or a user’s; objects, bare keys (older servers) and null', async () => {
    await answerEncrypted({ accounts: [{ accessKey: 'SVC1', parentUser: 'alice', accountStatus: 'on' }] });
    expect(await client.listServiceAccounts()).toEqual([
      { accessKey: 'SVC1', parentUser: 'alice', accountStatus: 'on' },
    ]);
    expectRequest('GET', '/minio/admin/v3/list-service-accounts');
    await answerEncrypted({ accounts: ['SVC2'] });
    expect(await client.listServiceAccounts('alice')).toEqual([{ accessKey: 'SVC2' }]);
    expectRequest('GET', '/minio/admin/v3/list-service-accounts?user=alice');
    await answerEncrypted({ accounts: null });
    expect(await client.listServiceAccounts()).toEqual([]);
  });

  it('delete-service-account: 204; unknown key is the server error', async () => {
    answerEmpty(204);
    await client.deleteServiceAccount('SVC1');
    expectRequest('DELETE', '/minio/admin/v3/delete-service-account?accessKey=SVC1');
    answerJson({ Code: 'XMinioInvalidIAMCredentials', Message: 'service account is not found' }, 404);
    await expect(client.deleteServiceAccount('nope')).rejects.toMatchObject({
      code: 'XMinioInvalidIAMCredentials',
      status: 404,
    });
  });
});
