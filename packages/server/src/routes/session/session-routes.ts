/**
 * Sign-in, session and permission routes (spec 1 §2, §7): login strategy, login (keys or LDAP),
 * single sign-on (the redirect strategy starts a flow, /login/oauth2/auth completes it),
 * session, logout, has-permission.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import { endSession } from '../../session/end-session.js';
import type { Session } from '../../session/session-store.js';
import { serverCapabilities } from '../../storage/server-capabilities.js';
import {
  clearSessionCookie,
  SESSION_COOKIE,
  setFlowCookie,
  setSessionCookie,
} from '../../session/session-cookie.js';
import { FLOW_TTL_MS, SSO_FLOW_COOKIE } from '../../sso/pending-logins.js';
import { ssoLogin } from '../../sso/sso-login.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { login } from './login-service.js';
import { allowedPages, allowedSomewhere, checkPermissions, operatorPages } from './pages.js';
import { operatorLogin } from './operator-login-route.js';
import { AUDIT_READ_ACTION } from '../logs/audit-log-routes.js';
import { isOwnerAccount, readBucketPolicies } from '../../iam/bucket-policies.js';

/**
 * Sign-in under the back-off (`LoginThrottle`, per client address — `request.ip`, which follows
 * X-Forwarded-For with `trustProxy` — and per account): while either backs off the attempt is
 * answered 429 with Retry-After before the keys are tried; a refused login counts, a successful
 * one clears both counts.
 */
async function throttledLogin(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  accessKey: string,
  secretKey: string,
): Promise<Session> {
  const keys = [`addr:${request.ip}`, `account:${accessKey}`];
  const wait = ctx.loginThrottle.waitMs(keys);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    throw new ConsoleError(
      'too_many_login_attempts',
      `Too many failed sign-in attempts. Try again in ${seconds} s.`,
    );
  }
  try {
    const session = await login(ctx, accessKey, secretKey);
    ctx.loginThrottle.success(keys);
    return session;
  } catch (err) {
    if (err instanceof ConsoleError && err.code === 'invalid_login') ctx.loginThrottle.failure(keys);
    throw err;
  }
}

export const sessionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { basePath } = ctx.options;

  app.route({
    ...routeOptions(API.getLoginStrategy),
    handler: async (request, reply) => {
      // Operator mode signs in with a Kubernetes service-account token (spec 1 §2).
      if (ctx.operator) return { loginStrategy: 'service-account' as const, redirect: '' };
      const sso = ctx.sso;
      if (!sso) return { loginStrategy: 'form' as const, redirect: '' };
      // Each visit starts a flow of its own (state, nonce, PKCE), kept in this browser's cookie.
      const redirectUri =
        sso.connect.settings.redirectUri ?? `${request.protocol}://${request.host}${basePath}/oauth_callback`;
      const { url, flow } = await sso.connect.start(redirectUri);
      const cookie = sso.flows.add(request.cookies[SSO_FLOW_COOKIE], flow);
      setFlowCookie(request, reply, basePath, SSO_FLOW_COOKIE, cookie, FLOW_TTL_MS / 1000);
      // The authorization URL is single-use: never from a cache.
      reply.header('cache-control', 'no-store');
      return { loginStrategy: 'redirect' as const, redirect: url };
    },
  });

  app.route({
    ...routeOptions(API.login),
    handler: async (request, reply) => {
      const { accessKey, secretKey } = request.body;
      const session = await throttledLogin(ctx, request, reply, accessKey, secretKey);
      setSessionCookie(request, reply, basePath, session);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.loginOperator),
    handler: async (request, reply) => {
      const session = await operatorLogin(ctx, request, reply, request.body.jwt);
      setSessionCookie(request, reply, basePath, session);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.loginOAuth2),
    handler: async (request, reply) => {
      if (!ctx.sso) {
        throw new ConsoleError(
          'sso_not_configured',
          'Single sign-on is not configured',
          'No OpenID provider is configured for this console; sign in with an access key and secret key.',
        );
      }
      const { code, state } = request.body;
      const session = await ssoLogin(ctx, ctx.sso, request.cookies[SSO_FLOW_COOKIE], code, state);
      setSessionCookie(request, reply, basePath, session);
      return { sessionId: session.id };
    },
  });

  app.route({
    ...routeOptions(API.getSession),
    handler: async (request) => {
      if (sessionOf(request).kind === 'operator') {
        return {
          status: 'ok' as const,
          pages: operatorPages(),
          features: [],
          operator: true,
          distributedMode: false,
        };
      }
      const state = await ctx.accounts.get(sessionOf(request));
      return {
        status: 'ok' as const,
        pages: allowedPages(state),
        // Audit Logs: a store is kept and the account may read it.
        features:
          ctx.auditLog !== undefined && allowedSomewhere(state, AUDIT_READ_ACTION) ? ['log-search'] : [],
        operator: false,
        distributedMode: state.distributedMode,
        capabilities: serverCapabilities({
          adminApi: state.adminApi,
          sts: sessionOf(request).kind === 'sts',
          distributedMode: state.distributedMode,
        }),
      };
    },
  });

  app.route({
    ...routeOptions(API.logout),
    // Idempotent and public: whatever the cookie, afterwards there is no session behind it.
    config: { public: true },
    handler: async (request, reply) => {
      const id = request.cookies[SESSION_COOKIE];
      if (id) {
        await endSession(ctx, id);
      }
      clearSessionCookie(request, reply, basePath);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.hasPermission),
    handler: async (request) => {
      const session = sessionOf(request);
      const state = await ctx.accounts.get(session);
      const checks = request.body.actions;
      const named = checks.flatMap((c) => (c.bucket_name ? [c.bucket_name] : []));
      if (named.length === 0) return { permissions: checkPermissions(state, checks) };
      // Bucket checks also weigh the bucket policies, read with the session's credentials.
      const { s3, admin } = ctx.clients.forSession(session);
      const policies = await readBucketPolicies(s3, named, request.log);
      const anyPolicy = [...policies.values()].some((p) => p !== undefined);
      const owner = anyPolicy && (await isOwnerAccount(admin, state.accountName));
      return { permissions: checkPermissions(state, checks, { policies, owner }) };
    },
  });
};
