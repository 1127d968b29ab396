/**
 * A minimal Elasticsearch node for tests (no Elasticsearch package exists on this machine): a real
 * HTTP server answering the REST endpoints a document writer uses, with Elasticsearch 8's shapes
 * and headers (`x-elastic-product`, which the official client checks): `GET /` (info), `HEAD /`
 * (ping), `HEAD|PUT /<index>` (exists, create), `PUT|POST /<index>/_doc/<id>`, `POST /<index>/_doc`
 * (generated id), `GET|HEAD|DELETE /<index>/_doc/<id>`. Documents are kept in memory so a test
 * reads back what the client wrote. Optional Basic auth. Anything else — another endpoint, a body
 * that is not JSON, a bad index name — is answered 400 and recorded in `errors` (tests assert it
 * stays empty). `stop()` / `start()` take the node away and back on the same port, data kept.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { loopbackListener } from './listen.js';

export interface EsDocument {
  id: string;
  version: number;
  source: unknown;
}

export interface ElasticsearchStandin {
  readonly port: number;
  /** `http://127.0.0.1:<port>`, the value for `url`. */
  readonly url: string;
  /** The indices and how each came to be (`create`: PUT /<index>; `auto`: by a document write). */
  indices(): Map<string, 'create' | 'auto'>;
  /** The documents of an index, in the order they were first written. */
  documents(index: string): EsDocument[];
  readonly errors: string[];
  /** Every request line seen (`GET /`), for checking what the client did. */
  readonly requests: string[];
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Elasticsearch's index name rules (lowercase, no leading `_-+`, none of `\/*?"<>| ,#:`). */
const INDEX_NAME = /^[^_\-+A-Z\\/*?"<>| ,#:][^A-Z\\/*?"<>| ,#:]{0,254}$/;

class BadRequest extends Error {}

export async function startElasticsearchStandin(
  options: { username?: string; password?: string; version?: string } = {},
): Promise<ElasticsearchStandin> {
  const indices = new Map<string, { createdBy: 'create' | 'auto'; docs: Map<string, EsDocument> }>();
  const errors: string[] = [];
  const requests: string[] = [];
  const version = options.version ?? '8.15.0';

  const send = (res: http.ServerResponse, status: number, body?: unknown): void => {
    res.statusCode = status;
    res.setHeader('x-elastic-product', 'Elasticsearch');
    if (body === undefined) {
      res.end();
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const esError = (type: string, reason: string, status: number) => ({
    error: { root_cause: [{ type, reason }], type, reason },
    status,
  });
  const shards = { total: 1, successful: 1, failed: 0 };

  const route = (method: string, parts: string[], body: unknown, res: http.ServerResponse): void => {
    const [index, endpoint, id, ...rest] = parts;
    if (index === undefined) {
      if (method === 'HEAD') return send(res, 200);
      if (method === 'GET') {
        return send(res, 200, {
          name: 'standin',
          cluster_name: 'coffer-test',
          cluster_uuid: 'standin-cluster',
          version: { number: version, build_flavor: 'default', lucene_version: '9.11.1' },
          tagline: 'You Know, for Search',
        });
      }
      throw new BadRequest(`${method} / is not implemented`);
    }
    if (!INDEX_NAME.test(index)) throw new BadRequest(`invalid index name [${index}]`);
    const entry = indices.get(index);
    if (endpoint === undefined) {
      if (method === 'HEAD') return send(res, entry === undefined ? 404 : 200);
      if (method === 'PUT') {
        if (entry !== undefined) {
          const reason = `index [${index}/standin] already exists`;
          return send(res, 400, esError('resource_already_exists_exception', reason, 400));
        }
        indices.set(index, { createdBy: 'create', docs: new Map() });
        return send(res, 200, { acknowledged: true, shards_acknowledged: true, index });
      }
      throw new BadRequest(`${method} /${index} is not implemented`);
    }
    if (endpoint !== '_doc' || rest.length > 0) {
      throw new BadRequest(`${method} /${parts.join('/')} is not implemented`);
    }
    const write = (docId: string): void => {
      if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new BadRequest('a document must be a JSON object');
      }
      let target = indices.get(index);
      if (target === undefined) {
        target = { createdBy: 'auto', docs: new Map() };
        indices.set(index, target);
      }
      const old = target.docs.get(docId);
      const doc = { id: docId, version: (old?.version ?? 0) + 1, source: body };
      target.docs.set(docId, doc);
      send(res, old === undefined ? 201 : 200, {
        _index: index,
        _id: docId,
        _version: doc.version,
        result: old === undefined ? 'created' : 'updated',
        _shards: shards,
        _seq_no: 0,
        _primary_term: 1,
      });
    };
    if (id === undefined) {
      if (method === 'POST') return write(randomBytes(15).toString('base64url'));
      throw new BadRequest(`${method} /${index}/_doc is not implemented`);
    }
    if (id === '' || Buffer.byteLength(id) > 512) throw new BadRequest(`bad document id [${id}]`);
    if (method === 'PUT' || method === 'POST') return write(id);
    const doc = entry?.docs.get(id);
    if (method === 'HEAD') return send(res, doc === undefined ? 404 : 200);
    if (method === 'GET') {
      if (entry === undefined) {
        return send(res, 404, esError('index_not_found_exception', 'no such index', 404));
      }
      return send(res, doc === undefined ? 404 : 200, {
        _index: index,
        _id: id,
        found: doc !== undefined,
        ...(doc !== undefined ? { _version: doc.version, _source: doc.source } : {}),
      });
    }
    if (method === 'DELETE') {
      if (entry === undefined) {
        return send(res, 404, esError('index_not_found_exception', 'no such index', 404));
      }
      if (doc !== undefined) entry.docs.delete(id);
      return send(res, doc === undefined ? 404 : 200, {
        _index: index,
        _id: id,
        _version: (doc?.version ?? 0) + 1,
        result: doc === undefined ? 'not_found' : 'deleted',
        _shards: shards,
      });
    }
    throw new BadRequest(`${method} /${index}/_doc/${id} is not implemented`);
  };

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://standin');
      requests.push(`${method} ${url.pathname}`);
      try {
        if (options.username !== undefined) {
          const expected = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
          if (req.headers.authorization !== expected) {
            res.setHeader('www-authenticate', 'Basic realm="security" charset="UTF-8"');
            const reason = 'unable to authenticate user for REST request';
            return send(res, 401, esError('security_exception', reason, 401));
          }
        }
        const raw = Buffer.concat(chunks);
        let body: unknown;
        if (raw.length > 0) {
          const type = req.headers['content-type'] ?? '';
          if (!/^application\/(json|vnd\.elasticsearch\+json)/.test(type)) {
            throw new BadRequest(`Content-Type header [${type}] is not supported`);
          }
          try {
            body = JSON.parse(raw.toString('utf8'));
          } catch {
            throw new BadRequest('request body is not JSON');
          }
        }
        const parts = url.pathname
          .split('/')
          .slice(1)
          .filter((part, i, all) => part !== '' || i < all.length - 1)
          .map((part) => decodeURIComponent(part));
        route(method, parts, body, res);
      } catch (error) {
        if (!(error instanceof BadRequest)) throw error;
        errors.push(`${method} ${url.pathname}: ${error.message}`);
        send(res, 400, esError('illegal_argument_exception', error.message, 400));
      }
    });
  };

  const listener = loopbackListener(
    () => http.createServer(handler),
    (server) => server.closeAllConnections(),
  );
  const start = (): Promise<void> => listener.start();
  const stop = (): Promise<void> => listener.stop();
  await start();

  return {
    get port() {
      return listener.port;
    },
    get url() {
      return `http://127.0.0.1:${listener.port}`;
    },
    indices: () => new Map([...indices].map(([name, entry]) => [name, entry.createdBy])),
    documents: (index) => [...(indices.get(index)?.docs.values() ?? [])],
    errors,
    requests,
    stop,
    start,
  };
}
