/**
 * MinIO's prefix delete (`x-minio-force-delete: true` on DeleteObject) through the real HTTP stack,
 * sent by minio-js's own `removeObject(…, { forceDelete: true })`: the key and everything below it
 * as a folder go, every version and delete marker; siblings that merely share the leading
 * characters stay; it needs s3:ForceDeleteBucket besides s3:DeleteObject; a bucket with object
 * lock refuses it (405); a versionId with it is an InvalidArgument.
 */
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOk, createUser, type Keys } from './helpers/admin-calls.js';
import { signedRequest } from './helpers/signed-request.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';

const ACCESS_KEY = 'FORCEDELROOTKEY00001';
const SECRET_KEY = 'force-delete-root-secret-0123456789';

let engine: HttpEngine;
let url: string;
let root: Client;

function clientOf(keys: Keys): Client {
  return new Client({
    endPoint: '127.0.0.1',
    port: engine.port,
    useSSL: false,
    accessKey: keys.accessKey,
    secretKey: keys.secretKey,
  });
}

/** Every version and delete marker in the bucket, as `key` (one line per version). */
async function allVersions(bucket: string): Promise<string[]> {
  const stream = root.listObjects(bucket, '', true, { IncludeVersion: true });
  const keys: string[] = [];
  for await (const item of stream) keys.push((item as { name: string }).name);
  return keys.sort();
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'force-delete', accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
  url = `http://127.0.0.1:${engine.port}`;
  root = clientOf({ accessKey: ACCESS_KEY, secretKey: SECRET_KEY });
});

afterAll(async () => {
  await engine?.close();
});

describe('x-minio-force-delete on DeleteObject', () => {
  it('removes the folder with every version below it, and nothing beside it', async () => {
    await root.makeBucket('tree');
    await root.setBucketVersioning('tree', { Status: 'Enabled' });
    for (const key of ['dir', 'dir/a', 'dir/b', 'dir/b', 'dir/sub/c', 'dirty', 'other/x']) {
      await root.putObject('tree', key, `content of ${key}`);
    }
    await root.removeObject('tree', 'dir/sub/c'); // a delete marker goes too
    expect(await allVersions('tree')).toHaveLength(8);

    await root.removeObject('tree', 'dir', { forceDelete: true });
    expect(await allVersions('tree')).toEqual(['dirty', 'other/x']);

    // A key ending in '/' is the folder itself.
    await root.putObject('tree', 'other/y', 'y');
    await root.removeObject('tree', 'other/', { forceDelete: true });
    expect(await allVersions('tree')).toEqual(['dirty']);
  });

  it('needs s3:ForceDeleteBucket besides s3:DeleteObject', async () => {
    await root.makeBucket('guarded');
    await root.putObject('guarded', 'f/one', '1');
    const endpoint = { url, accessKey: ACCESS_KEY, secretKey: SECRET_KEY };
    await adminOk(endpoint, endpoint, 'PUT', 'add-canned-policy', {
      query: { name: 'delete-only' },
      body: {
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Action: ['s3:DeleteObject', 's3:GetObject'],
            Resource: ['arn:aws:s3:::guarded/*'],
          },
          { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::guarded'] },
        ],
      },
    });
    const limited = clientOf(await createUser(endpoint, 'limited', 'limited-secret-1', ['delete-only']));
    await expect(limited.removeObject('guarded', 'f/', { forceDelete: true })).rejects.toMatchObject({
      code: 'AccessDenied',
    });
    expect((await root.statObject('guarded', 'f/one')).size).toBe(1);
    // readwrite is s3:*, which includes it.
    const writer = clientOf(await createUser(endpoint, 'writer', 'writer-secret-1', ['readwrite']));
    await writer.removeObject('guarded', 'f/', { forceDelete: true });
    await expect(root.statObject('guarded', 'f/one')).rejects.toMatchObject({ code: 'NotFound' });
  });

  it('is refused on a bucket with object lock, and with a versionId', async () => {
    await root.makeBucket('locked', '', { ObjectLocking: true });
    await root.putObject('locked', 'keep/me', 'kept');
    const refused = await signedRequest(
      url,
      { accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
      {
        method: 'DELETE',
        path: '/locked/keep/',
        headers: { 'x-minio-force-delete': 'true' },
      },
    );
    expect(refused.status).toBe(405);
    expect(refused.body).toContain('<Code>MethodNotAllowed</Code>');
    expect((await root.statObject('locked', 'keep/me')).size).toBe(4);

    const withVersion = await signedRequest(
      url,
      { accessKey: ACCESS_KEY, secretKey: SECRET_KEY },
      {
        method: 'DELETE',
        path: '/tree/dirty?versionId=null',
        headers: { 'x-minio-force-delete': 'true' },
      },
    );
    expect(withVersion.status).toBe(400);
    expect(withVersion.body).toContain('<Code>InvalidArgument</Code>');
  });
});
