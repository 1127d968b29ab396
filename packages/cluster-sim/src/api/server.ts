/**
 * The simulated Kubernetes API server's HTTP face on loopback: bearer-token authentication (a
 * service-account JWT this simulator issued; anything else is a 401 `Status`), discovery, the
 * REST paths of every served resource (`/api/v1/...`, `/apis/<group>/<version>/...`, namespaced
 * or cluster-wide), watches as a stream of JSON events, `pods/log` as text, TokenReview and the
 * service-account `token` subresource. Errors are `Status` objects (`status.ts`).
 */
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  apiGroup,
  apiGroupList,
  apiResourceList,
  apiVersions,
  KUBE_VERSION,
  openApiV3GroupVersion,
  openApiV3Root,
} from './discovery.js';
import { findResource, RESOURCES, apiVersionOf, type ResourceType } from './resources.js';
import type { FieldValidation, Rest } from './rest.js';
import { parseFieldSelector, parseLabelSelector } from './selectors.js';
import { ApiError, badRequest, methodNotAllowed, pageNotFound, unauthorized } from './status.js';
import type { Change, KubeObject } from './store.js';
import { toTable, wantsTable } from './table.js';
import type { TokenIdentity, TokenIssuer } from './tokens.js';

const MAX_BODY = 3 * 1024 * 1024;
const PUBLIC_PATHS = new Set(['/version', '/healthz', '/livez', '/readyz']);
const SA_TYPE = RESOURCES.find((r) => r.plural === 'serviceaccounts') as ResourceType;

export interface ApiServerHooks {
  /** The text of a pod container's log, or undefined when it has none. */
  podLog(ns: string, pod: string, container: string): string | undefined;
}

interface Target {
  type: ResourceType;
  ns?: string;
  name?: string;
  sub?: string;
}

class Reply {
  constructor(
    readonly code: number,
    readonly body: unknown,
    readonly warnings: string[] = [],
    readonly text = false,
  ) {}
}

/** Map a resource path to its type, namespace, name and subresource; undefined when it is not one. */
function route(segments: string[]): Target | undefined {
  let group: string;
  let version: string;
  let rest: string[];
  if (segments[0] === 'api') {
    group = '';
    version = segments[1] ?? '';
    rest = segments.slice(2);
  } else {
    group = segments[1] ?? '';
    version = segments[2] ?? '';
    rest = segments.slice(3);
  }
  let ns: string | undefined;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    const nested = findResource(group, version, rest[2] ?? '');
    if (nested !== undefined && nested.namespaced) {
      ns = rest[1];
      rest = rest.slice(2);
    }
  }
  const type = findResource(group, version, rest[0] ?? '');
  if (type === undefined || rest.length > 3) return undefined;
  if (type.namespaced && ns === undefined && rest.length > 1) return undefined;
  return { type, ns, name: rest[1], sub: rest[2] };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY)
      throw new ApiError(413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3145728');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw badRequest(`error decoding request body: ${(err as Error).message}`);
  }
}

export interface ApiServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startApiServer(
  rest: Rest,
  tokens: TokenIssuer,
  hooks: ApiServerHooks,
  options: { host?: string; port?: number; tls: { certPem: string; keyPem: string } },
): Promise<ApiServer> {
  const host = options.host ?? '127.0.0.1';
  const watches = new Set<http.ServerResponse>();

  function authenticate(req: http.IncomingMessage): TokenIdentity {
    const header = req.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    const identity = m === null ? undefined : tokenIdentity(m[1] as string);
    if (identity === undefined) throw unauthorized();
    return identity;
  }

  /** A verified token whose service account still exists with the uid it was issued for. */
  function tokenIdentity(token: string): TokenIdentity | undefined {
    const identity = tokens.verify(token);
    if (identity === undefined) return undefined;
    const sa = rest.store.get(SA_TYPE, identity.namespace, identity.name);
    return sa?.metadata.uid === identity.uid ? identity : undefined;
  }

  function list(t: Target, q: URLSearchParams, accept: string | undefined): Reply {
    const limit = q.get('limit');
    const result = rest.list(t.type, t.ns, {
      labelSelector: q.get('labelSelector') ?? undefined,
      fieldSelector: q.get('fieldSelector') ?? undefined,
      limit: limit === null ? undefined : Number(limit),
      continue: q.get('continue') ?? undefined,
    });
    const rv = rest.store.currentVersion();
    if (wantsTable(accept)) return new Reply(200, toTable(t.type, result.items, rv));
    const metadata: Record<string, unknown> = { resourceVersion: rv };
    if (result.continue !== undefined) {
      metadata.continue = result.continue;
      metadata.remainingItemCount = result.remaining;
    }
    return new Reply(200, {
      kind: `${t.type.kind}List`,
      apiVersion: apiVersionOf(t.type),
      metadata,
      items: result.items,
    });
  }

  function watch(t: Target, q: URLSearchParams, res: http.ServerResponse, accept: string | undefined): void {
    const labels = parseLabelSelector(q.get('labelSelector') ?? undefined);
    const fields = parseFieldSelector(q.get('fieldSelector') ?? undefined, t.type.plural);
    const byName = (o: KubeObject): boolean => t.name === undefined || o.metadata.name === t.name;
    const inNs = (o: KubeObject): boolean => t.ns === undefined || o.metadata.namespace === t.ns;
    const matches = (o: KubeObject): boolean => byName(o) && inNs(o) && labels(o) && fields(o);
    res.writeHead(200, { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' });
    res.flushHeaders();
    watches.add(res);
    // kubectl get -w asks for Table rows: each event then carries a one-row Table.
    const table = wantsTable(accept);
    const send = (type: string, o: KubeObject): void => {
      const object = table ? toTable(t.type, [o], o.metadata.resourceVersion ?? '') : o;
      res.write(`${JSON.stringify({ type, object })}\n`);
    };
    const since = q.get('resourceVersion');
    if (since === null || since === '' || since === '0') {
      for (const o of rest.store.list(t.type, t.ns)) if (matches(o)) send('ADDED', o);
    }
    const onChange = (c: Change): void => {
      if (c.resource === t.type && matches(c.object)) send(c.type, c.object);
    };
    rest.store.changes.on('change', onChange);
    const timeout = Number(q.get('timeoutSeconds') ?? '1800');
    const timer = setTimeout(() => res.end(), Math.max(1, timeout) * 1000);
    timer.unref();
    res.on('close', () => {
      clearTimeout(timer);
      rest.store.changes.off('change', onChange);
      watches.delete(res);
    });
  }

  function tokenReview(body: unknown): Reply {
    const spec = (body as { spec?: { token?: unknown; audiences?: string[] } } | undefined)?.spec;
    if (typeof spec?.token !== 'string')
      throw badRequest('TokenReview.authentication.k8s.io "" is invalid: spec.token: Required value');
    const identity = tokenIdentity(spec.token);
    const status =
      identity === undefined
        ? { authenticated: false, error: 'invalid bearer token', user: {} }
        : {
            authenticated: true,
            user: {
              username: identity.username,
              uid: identity.uid,
              groups: identity.groups,
              extra: { 'authentication.kubernetes.io/credential-id': ['JTI=sim'] },
            },
            audiences: spec.audiences ?? identity.audiences,
          };
    return new Reply(201, {
      kind: 'TokenReview',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: { creationTimestamp: null },
      spec,
      status,
    });
  }

  function tokenRequest(t: Target, body: unknown): Reply {
    const sa = rest.get(SA_TYPE, t.ns, t.name ?? '');
    const spec =
      (body as { spec?: { expirationSeconds?: number; audiences?: string[] } } | undefined)?.spec ?? {};
    const expirationSeconds = spec.expirationSeconds ?? 3600;
    const token = tokens.issue(
      { namespace: t.ns ?? '', name: sa.metadata.name, uid: sa.metadata.uid ?? '' },
      { expirationSeconds, audiences: spec.audiences },
    );
    return new Reply(201, {
      kind: 'TokenRequest',
      apiVersion: 'authentication.k8s.io/v1',
      metadata: { name: sa.metadata.name, namespace: t.ns },
      spec: { audiences: spec.audiences ?? [], expirationSeconds },
      status: {
        token,
        expirationTimestamp: new Date(Date.now() + expirationSeconds * 1000)
          .toISOString()
          .replace(/\.\d+Z$/, 'Z'),
      },
    });
  }

  async function resource(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    t: Target,
    q: URLSearchParams,
  ): Promise<Reply | undefined> {
    const method = req.method ?? 'GET';
    const { type } = t;
    const contentType = req.headers['content-type'] ?? '';
    // A SelfSubjectReview's body is empty in any encoding: kubectl's `auth whoami` sends protobuf.
    const bodyless = type.kind === 'SelfSubjectReview';
    if (method !== 'GET' && !bodyless && contentType.startsWith('application/vnd.kubernetes.protobuf')) {
      // kubectl's typed generators (`kubectl create namespace`) send protobuf; only JSON is decoded here.
      throw new ApiError(
        415,
        'UnsupportedMediaType',
        'the simulated API server decodes JSON bodies only (application/vnd.kubernetes.protobuf is not supported)',
      );
    }
    const text = method === 'GET' ? '' : await readBody(req);
    const body = bodyless ? undefined : parseJson(text);
    if (type.createOnly) {
      if (method !== 'POST' || t.name !== undefined) throw methodNotAllowed();
      if (type.kind === 'SelfSubjectReview') {
        const who = authenticate(req);
        const userInfo = { username: who.username, uid: who.uid, groups: who.groups };
        return new Reply(201, {
          kind: 'SelfSubjectReview',
          apiVersion: 'authentication.k8s.io/v1',
          metadata: { creationTimestamp: null },
          status: { userInfo },
        });
      }
      return tokenReview(body);
    }
    if (t.sub === 'log') {
      if (method !== 'GET' || type.plural !== 'pods') throw methodNotAllowed();
      const pod = rest.get(type, t.ns, t.name ?? '');
      const containers = (
        (pod.spec as { containers?: { name: string }[] } | undefined)?.containers ?? []
      ).map((c) => c.name);
      const container = q.get('container') ?? (containers.length === 1 ? containers[0] : undefined);
      if (container === undefined) {
        throw badRequest(
          `a container name must be specified for pod ${pod.metadata.name}, choose one of: [${containers.join(' ')}]`,
        );
      }
      if (!containers.includes(container))
        throw badRequest(`container ${container} is not valid for pod ${pod.metadata.name}`);
      const text = hooks.podLog(t.ns ?? '', pod.metadata.name, container) ?? '';
      const tail = q.get('tailLines');
      const lines =
        tail === null
          ? text
          : text
              .split('\n')
              .slice(-Number(tail) - 1)
              .join('\n');
      return new Reply(200, lines, [], true);
    }
    if (t.sub === 'token') {
      if (method !== 'POST' || type.plural !== 'serviceaccounts') throw methodNotAllowed();
      return tokenRequest(t, body);
    }
    if (t.sub !== undefined && !(t.sub === 'status' && type.status)) throw pageNotFound();
    const isWatch = q.get('watch') === 'true' || q.get('watch') === '1';
    const fv = q.get('fieldValidation') ?? 'Warn';
    if (fv !== 'Strict' && fv !== 'Warn' && fv !== 'Ignore') {
      throw badRequest(`fieldValidation parameter unsupported: ${fv}`);
    }
    const validation: FieldValidation = fv;
    if (t.name === undefined) {
      switch (method) {
        case 'GET':
          if (isWatch) {
            watch(t, q, res, req.headers.accept);
            return undefined;
          }
          return list(t, q, req.headers.accept);
        case 'POST': {
          const r = rest.create(type, t.ns, body, validation);
          return new Reply(201, r.object, r.warnings);
        }
        case 'DELETE': {
          const items = rest.deleteCollection(type, t.ns, {
            labelSelector: q.get('labelSelector') ?? undefined,
            fieldSelector: q.get('fieldSelector') ?? undefined,
          });
          return new Reply(200, {
            kind: `${type.kind}List`,
            apiVersion: apiVersionOf(type),
            metadata: { resourceVersion: rest.store.currentVersion() },
            items,
          });
        }
        default:
          throw methodNotAllowed();
      }
    }
    switch (method) {
      case 'GET':
        if (isWatch) {
          watch(t, q, res, req.headers.accept);
          return undefined;
        }
        if (wantsTable(req.headers.accept)) {
          return new Reply(200, toTable(type, [rest.get(type, t.ns, t.name)], rest.store.currentVersion()));
        }
        return new Reply(200, rest.get(type, t.ns, t.name));
      case 'PUT': {
        const r = rest.update(type, t.ns, t.name, body, t.sub, validation);
        return new Reply(200, r.object, r.warnings);
      }
      case 'PATCH': {
        const r = rest.patch(type, t.ns, t.name, contentType, body, t.sub, validation);
        return new Reply(200, r.object, r.warnings);
      }
      case 'DELETE': {
        const pre = (body as { preconditions?: { resourceVersion?: string; uid?: string } } | undefined)
          ?.preconditions;
        return new Reply(200, rest.delete(type, t.ns, t.name, pre));
      }
      default:
        throw methodNotAllowed();
    }
  }

  async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    serverAddress: string,
  ): Promise<Reply | undefined> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    if (!PUBLIC_PATHS.has(path)) authenticate(req);
    if (path === '/version') return new Reply(200, KUBE_VERSION);
    if (path === '/healthz' || path === '/livez' || path === '/readyz') return new Reply(200, 'ok', [], true);
    if (path === '/api') return new Reply(200, apiVersions(serverAddress));
    if (path === '/apis') return new Reply(200, apiGroupList());
    if (path === '/openapi/v2')
      return new Reply(200, {
        swagger: '2.0',
        info: { title: 'Kubernetes', version: KUBE_VERSION.gitVersion },
        paths: {},
        definitions: {},
      });
    if (path === '/openapi/v3') return new Reply(200, openApiV3Root());
    if (path.startsWith('/openapi/v3/')) {
      const [kind, a, b] = path.slice('/openapi/v3/'.length).split('/');
      const doc =
        kind === 'api' ? openApiV3GroupVersion('', a ?? '') : openApiV3GroupVersion(a ?? '', b ?? '');
      if (doc === undefined) throw pageNotFound();
      return new Reply(200, doc);
    }
    const segments = path
      .split('/')
      .filter((s) => s !== '')
      .map(decodeURIComponent);
    if (segments[0] === 'api' && segments.length === 2) {
      const doc = apiResourceList('', segments[1] ?? '');
      if (doc === undefined) throw pageNotFound();
      return new Reply(200, doc);
    }
    if (segments[0] === 'apis' && segments.length === 2) {
      const doc = apiGroup(segments[1] ?? '');
      if (doc === undefined) throw pageNotFound();
      return new Reply(200, doc);
    }
    if (segments[0] === 'apis' && segments.length === 3) {
      const doc = apiResourceList(segments[1] ?? '', segments[2] ?? '');
      if (doc === undefined) throw pageNotFound();
      return new Reply(200, doc);
    }
    if (segments[0] === 'api' || segments[0] === 'apis') {
      const t = route(segments);
      if (t === undefined) throw pageNotFound();
      return resource(req, res, t, url.searchParams);
    }
    throw pageNotFound();
  }

  function send(res: http.ServerResponse, reply: Reply): void {
    const headers: http.OutgoingHttpHeaders = {
      'Content-Type': reply.text ? 'text/plain; charset=utf-8' : 'application/json',
      'Cache-Control': 'no-cache, private',
    };
    if (reply.warnings.length > 0) headers.Warning = reply.warnings.map((w) => `299 - ${JSON.stringify(w)}`);
    res.writeHead(reply.code, headers);
    res.end(reply.text ? String(reply.body) : JSON.stringify(reply.body));
  }

  const server = https.createServer({ cert: options.tls.certPem, key: options.tls.keyPem }, (req, res) => {
    const address = server.address() as AddressInfo;
    handle(req, res, `${address.address}:${address.port}`).then(
      (reply) => {
        if (reply !== undefined) send(res, reply);
      },
      (err: unknown) => {
        const e =
          err instanceof ApiError
            ? err
            : new ApiError(500, 'InternalError', `Internal error occurred: ${(err as Error).message}`);
        if (!res.headersSent) send(res, new Reply(e.code, e.toStatus()));
        else res.end();
      },
    );
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://${host}:${port}`,
    port,
    async close() {
      for (const w of watches) w.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
