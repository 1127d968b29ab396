import { describe, expect, it } from 'vitest';
import { fakeObjectLayer } from '../../test/helpers/fake-engine-context.js';
import {
  createObjectLayerIamStore,
  isStorableAccessKey,
  type TemporaryCredentialRecord,
} from './iam-store.js';

const record: TemporaryCredentialRecord = {
  version: 1,
  accessKey: 'ABCDEFGHIJ0123456789',
  secretKey: 's'.repeat(40),
  sessionToken: 'a.b.c',
  expiration: '2030-01-01T00:00:00.000Z',
  parentUser: 'root',
};

describe('object-layer IAM store', () => {
  it('keeps one JSON document per temporary credential under iam/sts/', async () => {
    const layer = fakeObjectLayer();
    const store = createObjectLayerIamStore(layer);
    await store.saveTemporaryCredential(record);
    expect([...layer.state.systemFiles.keys()]).toEqual(['iam/sts/ABCDEFGHIJ0123456789.json']);
    expect(await store.listTemporaryCredentials()).toEqual([record]);
    await store.deleteTemporaryCredential(record.accessKey);
    expect(layer.state.systemFiles.size).toBe(0);
  });

  it('skips unreadable or misplaced documents', async () => {
    const layer = fakeObjectLayer();
    layer.state.systemFiles.set('iam/sts/BROKEN.json', Buffer.from('{'));
    layer.state.systemFiles.set('iam/sts/OTHER.json', Buffer.from(JSON.stringify(record)));
    layer.state.systemFiles.set(
      'iam/sts/NOVERSION.json',
      Buffer.from(JSON.stringify({ ...record, version: 2 })),
    );
    expect(await createObjectLayerIamStore(layer).listTemporaryCredentials()).toEqual([]);
  });

  it('never turns an access key into a path outside its folder', async () => {
    expect(isStorableAccessKey('../../etc')).toBe(false);
    expect(isStorableAccessKey('.hidden')).toBe(false);
    expect(isStorableAccessKey('a/b')).toBe(false);
    expect(isStorableAccessKey('ABCDEFGHIJ0123456789')).toBe(true);
    const store = createObjectLayerIamStore(fakeObjectLayer());
    await expect(store.saveTemporaryCredential({ ...record, accessKey: '../x' })).rejects.toThrow(
      /invalid access key/,
    );
  });
});
