/**
 * The hop into a tenant's own console (spec 3 "Tenant management page": a frame of
 * `/api/proxy/{namespace}/{tenant}/`, and the Metrics tab's `/api/proxy/{namespace}/{tenant}/metrics`).
 *
 * The 2021 console reverse-proxied the tenant's built-in MinIO console after signing in to it
 * with the tenant's credentials. A tenant here runs a storage server (the engine, or MinIO), and
 * its console is this console's own code: for each tenant the operator console runs a second
 * console app (`buildApp` with the tenant's storage server and the base path
 * `/api/proxy/{ns}/{tenant}`) on a loopback port, signs in to it with the tenant's root keys (from
 * its configuration secret, read with the operator's token — so the operator's RBAC decides), and
 * forwards the browser's requests to it. The tenant console's session cookie stays on the server,
 * per operator session and tenant: the browser keeps only its operator cookie, and answers carry
 * no Set-Cookie. The tenant console's frame refusal becomes same-origin, so the operator page
 * may show it. Not forwarded: WebSocket upgrades (the tenant console's live pages — trace, logs,
 * watch — do not work through the hop).
 */
import http from 'node:http';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { ConsoleError, notAuthenticated } from '../../errors.js';
import { k8sApis } from '../../operator/k8s-client.js';
import type { OperatorSettings } from '../../operator/k8s-settings.js';
import { readTenant, tenantConfig, tenantServiceUrl } from '../../operator/tenant-service.js';
import { SESSION_COOKIE } from '../../session/session-cookie.js';

/** Makes a tenant's console app (buildApp with the tenant's storage server), not listening. */
export type TenantConsoleFactory = (options: {
  serverUrl: string;
  basePath: string;
  dataDir: string;
}) => Promise<FastifyInstance>;

export interface TenantHopOptions {
  ctx: AppContext;
  operator: OperatorSettings;
  makeConsole: TenantConsoleFactory;
  /** Where the tenant consoles keep their state (one folder each). */
  dataDir: string;
}

interface TenantConsole {
  app: FastifyInstance;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  serverUrl: string;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'cookie',
]);

export const tenantHopRoutes: FastifyPluginAsync<TenantHopOptions> = async (fastify, options) => {
  const { ctx, operator, makeConsole } = options;
  const consoles = new Map<string, Promise<TenantConsole>>();
  /** The tenant console's session cookie, per operator session and tenant. */
  const signedIn = new Map<string, Promise<string>>();
  const base = ctx.options.basePath;

  fastify.addHook('onClose', async () => {
    for (const pending of consoles.values()) {
      await pending.then((c) => c.app.close()).catch(() => undefined);
    }
  });

  // Bodies stream through untouched, whatever their type.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const consoleFor = async (ns: string, tenant: string, serverUrl: string): Promise<TenantConsole> => {
    const key = `${ns}/${tenant}`;
    const known = consoles.get(key);
    if (known) {
      const tc = await known.catch(() => undefined);
      if (tc?.serverUrl === serverUrl) return tc;
      // A tenant made again behind another storage server: a fresh console for it.
      if (consoles.get(key) === known) consoles.delete(key);
      await tc?.app.close().catch(() => undefined);
    }
    const made = (async () => {
      const app = await makeConsole({
        serverUrl,
        basePath: `${base}/api/proxy/${ns}/${tenant}`,
        dataDir: `${options.dataDir}/${ns}--${tenant}`,
      });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, origin, serverUrl };
    })();
    made.catch(() => consoles.delete(key));
    consoles.set(key, made);
    return made;
  };
  /** The console a sign-in made for this tenant (undefined once it is gone). */
  const madeConsole = (ns: string, tenant: string) => consoles.get(`${ns}/${tenant}`)?.catch(() => undefined);

  /** Sign in to the tenant's console with its root keys; the session cookie's value. */
  const signIn = async (token: string, ns: string, tenant: string): Promise<string> => {
    const apis = k8sApis(operator.cluster, token);
    const t = await readTenant(apis, ns, tenant);
    const config = await tenantConfig(apis, t);
    const accessKey = config.get('MINIO_ROOT_USER') ?? config.get('MINIO_ACCESS_KEY');
    const secretKey = config.get('MINIO_ROOT_PASSWORD') ?? config.get('MINIO_SECRET_KEY');
    if (!accessKey || !secretKey) {
      throw new ConsoleError('not_found', 'The tenant has no root credentials in its configuration');
    }
    const tc = await consoleFor(ns, tenant, await tenantServiceUrl(apis, t, operator.clusterDomain));
    const res = await fetch(`${tc.origin}${base}/api/proxy/${ns}/${tenant}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey, secretKey }),
    });
    const cookie = /(?:^|,\s*)token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (res.status !== 204 || cookie === undefined) {
      throw new ConsoleError(
        'storage_unreachable',
        "The tenant's console could not sign in",
        `${tc.serverUrl}: ${res.status} ${(await res.text()).slice(0, 300)}`,
      );
    }
    return cookie;
  };

  const forward = async (
    request: FastifyRequest<{ Params: { ns: string; tenant: string } }>,
    reply: FastifyReply,
  ) => {
    const { ns, tenant } = request.params;
    const id = request.cookies[SESSION_COOKIE];
    const session = id ? await ctx.sessions.get(id) : undefined;
    if (!session || session.kind !== 'operator' || session.operatorToken === undefined) {
      throw notAuthenticated('the hop needs an operator session');
    }
    const key = `${session.id}\n${ns}/${tenant}`;
    let cookie = signedIn.get(key);
    if (!cookie) {
      cookie = signIn(session.operatorToken, ns, tenant);
      cookie.catch(() => signedIn.delete(key));
      signedIn.set(key, cookie);
    }
    const tenantCookie = await cookie;
    const tc = await madeConsole(ns, tenant);
    if (!tc) {
      signedIn.delete(key);
      throw new ConsoleError('storage_unreachable', "The tenant's console is not running", 'try again');
    }
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
    }
    headers.cookie = `${SESSION_COOKIE}=${tenantCookie}`;
    const target = new URL(request.raw.url ?? '/', tc.origin);
    reply.hijack();
    const upstream = http.request(target, { method: request.method, headers }, (res) => {
      // The tenant console's own sign-out or expiry: sign in again on the next request.
      if (res.statusCode === 401) signedIn.delete(key);
      const out: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (HOP_BY_HOP.has(name) || name === 'set-cookie' || value === undefined) continue;
        out[name] = value;
      }
      if (out['x-frame-options'] !== undefined) out['x-frame-options'] = 'SAMEORIGIN';
      const csp = out['content-security-policy'];
      if (typeof csp === 'string')
        out['content-security-policy'] = csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'");
      reply.raw.writeHead(res.statusCode ?? 502, out);
      res.pipe(reply.raw);
    });
    upstream.on('error', (err) => {
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(502, { 'content-type': 'application/json' });
        reply.raw.end(
          JSON.stringify({
            code: 'storage_unreachable',
            message: "The tenant's console did not answer",
            detailedMessage: err.message,
          }),
        );
      } else {
        reply.raw.destroy(err);
      }
    });
    request.raw.pipe(upstream);
  };

  const config = { public: true };
  fastify.all(`/api/proxy/:ns/:tenant`, { schema: { hide: true }, config }, async (request, reply) => {
    const { ns, tenant } = request.params as { ns: string; tenant: string };
    return reply.redirect(`${base}/api/proxy/${encodeURIComponent(ns)}/${encodeURIComponent(tenant)}/`);
  });
  fastify.all(`/api/proxy/:ns/:tenant/*`, { schema: { hide: true }, config }, forward);
};
