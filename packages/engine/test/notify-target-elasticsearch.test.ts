/**
 * The Elasticsearch notification target (official client 8) against the Elasticsearch stand-in
 * (`helpers/standins/elasticsearch.ts`, real HTTP endpoints; no Elasticsearch package exists
 * here): the index is created when missing; `namespace` keeps one document per object (MinIO's
 * HighwayHash id of `<bucket>/<object>`, removed on delete), `access` appends one document per event; Basic auth is
 * sent; with the node down `send` rejects and `isActive` is false, and once it is back `send`
 * works again; an Elasticsearch older than 7 and bad values are refused with MinIO's messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elasticsearchTargetFactory } from '../src/notify/targets/elasticsearch.js';
import { elasticsearchDocumentId } from '../src/notify/targets/highwayhash.js';
import type { NotificationTarget } from '../src/notify/index.js';
import { startElasticsearchStandin, type ElasticsearchStandin } from './helpers/standins/elasticsearch.js';
import { targetEvent } from './helpers/target-events.js';

const values = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));
const noLog = (): void => {};

describe('notify_elasticsearch target', () => {
  let node: ElasticsearchStandin;
  let namespace: NotificationTarget;
  let access: NotificationTarget;

  beforeAll(async () => {
    node = await startElasticsearchStandin({ username: 'elastic', password: 'changeme' });
    const common = { enable: 'on', url: node.url, username: 'elastic', password: 'changeme' };
    namespace = elasticsearchTargetFactory.create(
      'ns',
      values({ ...common, index: 'bucket-ns', format: 'namespace' }),
      noLog,
    );
    access = elasticsearchTargetFactory.create(
      'log',
      values({ ...common, index: 'bucket-log', format: 'access' }),
      noLog,
    );
  });

  afterAll(async () => {
    await namespace.close();
    await access.close();
    await node.stop();
  });

  it('namespace: one document per object, replaced on change, removed on delete', async () => {
    expect(await namespace.isActive()).toBe(true);
    const first = targetEvent('s3:ObjectCreated:Put', 'photos', 'a dir/cat.jpg', { size: 5 });
    const second = targetEvent('s3:ObjectCreated:Put', 'photos', 'a dir/cat.jpg', { size: 7 });
    const other = targetEvent('s3:ObjectCreated:Put', 'photos', 'dog.jpg', { size: 9 });
    await namespace.send(first);
    expect(node.indices().get('bucket-ns')).toBe('create');
    await namespace.send(second);
    await namespace.send(other);
    let docs = node.documents('bucket-ns');
    expect(docs.map((d) => [d.id, d.version])).toEqual([
      [elasticsearchDocumentId('photos/a dir/cat.jpg'), 2],
      [elasticsearchDocumentId('photos/dog.jpg'), 1],
    ]);
    expect(docs[0]?.source).toEqual({ Records: JSON.parse(JSON.stringify(second.Records)) });
    await namespace.send(targetEvent('s3:ObjectRemoved:Delete', 'photos', 'a dir/cat.jpg'));
    // A delete retried after it already happened is done, not an error.
    await namespace.send(targetEvent('s3:ObjectRemoved:Delete', 'photos', 'a dir/cat.jpg'));
    docs = node.documents('bucket-ns');
    expect(docs.map((d) => d.id)).toEqual([elasticsearchDocumentId('photos/dog.jpg')]);
    expect(node.errors).toEqual([]);
  });

  it('access: one new document per event, deletes included', async () => {
    const put = targetEvent('s3:ObjectCreated:Put', 'photos', 'cat.jpg', { size: 5 });
    const del = targetEvent('s3:ObjectRemoved:Delete', 'photos', 'cat.jpg');
    await access.send(put);
    await access.send(del);
    expect(node.indices().get('bucket-log')).toBe('create');
    const docs = node.documents('bucket-log');
    expect(docs.map((d) => (d.source as { Records: { eventName: string }[] }).Records[0]?.eventName)).toEqual(
      ['s3:ObjectCreated:Put', 's3:ObjectRemoved:Delete'],
    );
    expect(docs[1]?.source).toEqual({ Records: JSON.parse(JSON.stringify(del.Records)) });
    expect(new Set(docs.map((d) => d.id)).size).toBe(2);
    expect(node.errors).toEqual([]);
  });

  it('rejects while the node is down and writes again once it is back', async () => {
    await node.stop();
    expect(await access.isActive()).toBe(false);
    const during = targetEvent('s3:ObjectCreated:Put', 'photos', 'during.txt', { size: 1 });
    await expect(access.send(during)).rejects.toThrow();
    await node.start();
    expect(await access.isActive()).toBe(true);
    await access.send(during);
    const docs = node.documents('bucket-log');
    expect(docs).toHaveLength(3);
    expect(JSON.stringify(docs[2]?.source)).toContain('during.txt');
    expect(node.errors).toEqual([]);
  });

  it('fails on wrong credentials and on Elasticsearch older than 7', async () => {
    const wrong = elasticsearchTargetFactory.create(
      'wrong',
      values({ enable: 'on', url: node.url, index: 'x', username: 'elastic', password: 'nope' }),
      noLog,
    );
    await expect(wrong.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k', { size: 1 }))).rejects.toThrow(
      /security_exception/,
    );
    await wrong.close();
    const old = await startElasticsearchStandin({ version: '6.8.23' });
    const target = elasticsearchTargetFactory.create(
      'old',
      values({ enable: 'on', url: old.url, index: 'x' }),
      noLog,
    );
    await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k', { size: 1 }))).rejects.toThrow(
      "Elasticsearch version '6.8.23' is not supported! Please use at least version 7.x.",
    );
    expect(old.indices().size).toBe(0);
    await target.close();
    await old.stop();
  });

  it('the stand-in answers 400 to what it does not implement, and records it', async () => {
    const auth = `Basic ${Buffer.from('elastic:changeme').toString('base64')}`;
    const response = await fetch(`${node.url}/_bulk`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-ndjson' },
      body: '{}\n',
    });
    expect(response.status).toBe(400);
    expect(node.errors.splice(0)).toHaveLength(1);
  });

  it('refuses bad values with MinIO messages', () => {
    const create = (entries: Record<string, string>): NotificationTarget =>
      elasticsearchTargetFactory.create('bad', values({ enable: 'on', ...entries }), noLog);
    expect(() => create({ index: 'i' })).toThrow('empty URL');
    expect(() => create({ url: 'http://h:9200', index: 'i', format: 'json' })).toThrow(
      'format value unrecognized',
    );
    expect(() => create({ url: 'http://h:9200' })).toThrow('empty index value');
    expect(() => create({ url: 'http://h:9200', index: 'i', username: 'u' })).toThrow(
      'username and password should be set in pairs',
    );
    expect(() => create({ url: 'ftp://h', index: 'i' })).toThrow(/only http and https/);
  });
});
