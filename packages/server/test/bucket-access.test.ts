/**
 * A bucket's access policy through the console against the real engine (spec 1 §7
 * `GET /buckets/{bucket}`, `PUT /buckets/{bucket}/set-policy`): what each access means is proven by
 * asking the engine directly without credentials — after PUBLIC an anonymous GET of an object
 * succeeds (and so does an anonymous PUT), after PRIVATE it is refused with 403. A custom policy is
 * stored as given and read back; one the engine refuses comes back with the engine's reason. An
 * account without the right to the bucket policy is refused by the engine, not by the console.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;

const BUCKET = 'access-bucket';
const CONTENT = 'anyone may read this';

interface Details {
  name: string;
  creation_date?: string;
  access: 'PRIVATE' | 'PUBLIC' | 'CUSTOM';
  definition?: string;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
  const fd = new FormData();
  fd.append('file', new Blob([CONTENT], { type: 'text/plain' }), 'hello.txt');
  const uploaded = await client.json('POST', `/api/v1/buckets/${BUCKET}/objects/upload?prefix=`, {
    body: fd,
  });
  expect(uploaded.status).toBe(200);
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

/** A request straight to the engine, with no credentials at all. */
const anonymous = (path: string, init: RequestInit = {}) => fetch(`${engine.url}/${path}`, init);

const setPolicy = (body: unknown) =>
  client.json<Details & { code?: string; message?: string; detailedMessage?: string }>(
    'PUT',
    `/api/v1/buckets/${BUCKET}/set-policy`,
    { json: body },
  );

describe('bucket access policy', () => {
  it('reports a new bucket as PRIVATE, and the engine refuses anonymous reads', async () => {
    const { status, body } = await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`);
    expect(status).toBe(200);
    expect(body.name).toBe(BUCKET);
    expect(body.access).toBe('PRIVATE');
    expect(body.definition).toBeUndefined();
    expect(Number.isNaN(Date.parse(body.creation_date ?? ''))).toBe(false);
    expect((await anonymous(`${BUCKET}/hello.txt`)).status).toBe(403);
  });

  it('PUBLIC: an anonymous GET of an object from the engine succeeds, and so do listing and PUT', async () => {
    const { status, body } = await setPolicy({ access: 'PUBLIC' });
    expect(status).toBe(200);
    expect(body.access).toBe('PUBLIC');
    const read = await anonymous(`${BUCKET}/hello.txt`);
    expect(read.status).toBe(200);
    expect(await read.text()).toBe(CONTENT);
    const list = await anonymous(`${BUCKET}?list-type=2`);
    expect(list.status).toBe(200);
    expect(await list.text()).toContain('<Key>hello.txt</Key>');
    const put = await anonymous(`${BUCKET}/anonymous.txt`, { method: 'PUT', body: 'written by nobody' });
    expect(put.status).toBe(200);

    const details = await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`);
    expect(details.body.access).toBe('PUBLIC');
    expect(JSON.parse(details.body.definition ?? '{}')).toMatchObject({ Version: '2012-10-17' });
  });

  it('PRIVATE again: the policy is gone and anonymous requests get 403', async () => {
    const { status, body } = await setPolicy({ access: 'PRIVATE' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: BUCKET, access: 'PRIVATE' });
    expect(body.definition).toBeUndefined();
    expect((await anonymous(`${BUCKET}/hello.txt`)).status).toBe(403);
    expect((await anonymous(`${BUCKET}/other.txt`, { method: 'PUT', body: 'no' })).status).toBe(403);
    // Setting PRIVATE on a bucket that has no policy is not an error.
    expect((await setPolicy({ access: 'PRIVATE' })).status).toBe(200);
  });

  it('CUSTOM: a read-only policy is stored as given, reported CUSTOM and acts (read yes, write no)', async () => {
    const definition = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${BUCKET}/hello.txt`],
        },
      ],
    });
    const { status, body } = await setPolicy({ access: 'CUSTOM', definition });
    expect(status).toBe(200);
    expect(body.access).toBe('CUSTOM');
    expect(JSON.parse(body.definition ?? '')).toEqual(JSON.parse(definition));
    expect((await anonymous(`${BUCKET}/hello.txt`)).status).toBe(200);
    expect((await anonymous(`${BUCKET}/anonymous.txt`)).status).toBe(403);
    expect((await anonymous(`${BUCKET}/x.txt`, { method: 'PUT', body: 'no' })).status).toBe(403);
    expect((await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`)).body.access).toBe('CUSTOM');
  });

  it('CUSTOM with the canned read-write grants written differently reads back as PUBLIC', async () => {
    const definition = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: '*' },
          Action: [
            's3:getobject',
            's3:PutObject',
            's3:DeleteObject',
            's3:ListMultipartUploadParts',
            's3:AbortMultipartUpload',
          ],
          Resource: `arn:aws:s3:::${BUCKET}/*`,
        },
        {
          Effect: 'Allow',
          Principal: '*',
          Action: ['s3:ListBucketMultipartUploads', 's3:ListBucket', 's3:GetBucketLocation'],
          Resource: `arn:aws:s3:::${BUCKET}`,
        },
      ],
    });
    expect((await setPolicy({ access: 'CUSTOM', definition })).body.access).toBe('PUBLIC');
  });

  it('CUSTOM the engine refuses: 400 with the engine reason, the stored policy unchanged', async () => {
    const before = (await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`)).body;
    const definition = JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${BUCKET}/*`] }],
    });
    const { status, body } = await setPolicy({ access: 'CUSTOM', definition });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
    expect(body.message).toMatch(/Principal/);
    expect(body.detailedMessage).toMatch(/^MalformedPolicy: .*Principal/);
    expect((await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`)).body).toEqual(before);

    const other = await setPolicy({
      access: 'CUSTOM',
      definition: definition
        .replace('"Effect"', '"Principal":"*","Effect"')
        .replaceAll(BUCKET, 'another-bucket'),
    });
    expect(other.status).toBe(400);
    expect(other.body.detailedMessage).toMatch(/^MalformedPolicy: /);
  });

  it('refuses a CUSTOM access without a document, and an unknown access, before asking the engine', async () => {
    const empty = await setPolicy({ access: 'CUSTOM', definition: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('invalid_request');
    expect((await setPolicy({ access: 'CUSTOM' })).status).toBe(400);
    expect((await setPolicy({ access: 'READONLY' })).status).toBe(400);
  });

  it('answers 404 for a bucket that does not exist', async () => {
    const get = await client.json<{ code: string }>('GET', '/api/v1/buckets/no-such-bucket-here');
    expect(get.status).toBe(404);
    expect(get.body.code).toBe('not_found');
    const set = await client.json<{ code: string }>('PUT', '/api/v1/buckets/no-such-bucket-here/set-policy', {
      json: { access: 'PUBLIC' },
    });
    expect(set.status).toBe(404);
  });

  it('leaves the decision to the storage server: a readonly user may neither read nor change the policy', async () => {
    const created = await client.json('POST', '/api/v1/users', {
      json: { accessKey: 'policy-reader', secretKey: 'policy-reader-secret', policies: ['readonly'] },
    });
    expect(created.status).toBeLessThan(300);
    const reader = new ConsoleClient(consoleApp.url);
    await reader.login('policy-reader', 'policy-reader-secret');
    const before = (await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`)).body;
    const get = await reader.json<{ code: string }>('GET', `/api/v1/buckets/${BUCKET}`);
    expect(get.status).toBe(403);
    expect(get.body.code).toBe('access_denied');
    const set = await reader.json<{ code: string }>('PUT', `/api/v1/buckets/${BUCKET}/set-policy`, {
      json: { access: 'PUBLIC' },
    });
    expect(set.status).toBe(403);
    expect(set.body.code).toBe('access_denied');
    expect((await client.json<Details>('GET', `/api/v1/buckets/${BUCKET}`)).body).toEqual(before);
  });

  it('refuses both calls without a session', async () => {
    const stranger = new ConsoleClient(consoleApp.url);
    expect((await stranger.json('GET', `/api/v1/buckets/${BUCKET}`)).status).toBe(401);
    expect(
      (await stranger.json('PUT', `/api/v1/buckets/${BUCKET}/set-policy`, { json: { access: 'PUBLIC' } }))
        .status,
    ).toBe(401);
  });
});
