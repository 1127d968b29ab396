/**
 * Sign-in, session and permission routes (spec 1 §2, §7): login strategy, login, single sign-on
 * completion (hook only), session, logout, has-permission.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import { endSession } from '../../session/end-session.js';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../session/session-cookie.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { login } from './login-service.js';
import { allowedPages, checkPermissions } from './pages.js';

export const sessionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { basePath } = ctx.options;

  app.route({
    ...routeOptions(API.getLoginStrategy),
    handler: async () => {
      const provider = ctx.options.openId;
      if (!provider) return { loginStrategy: 'form' as const, redirect: '' };
      return { loginStrategy: 'redirect' as const, redirect: await provider.authorizationUrl() };
    },
  });

  app.route({
    ...routeOptions(API.login),
    handler: async (request, reply) => {
      const session = await login(ctx, request.body.accessKey, request.body.secretKey);
      setSessionCookie(request, reply, basePath, session);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.loginOAuth2),
    handler: async (request, reply) => {
      const provider = ctx.options.openId;
      if (!provider) {
        throw new ConsoleError(
          'sso_not_configured',
          'Single sign-on is not configured',
          'No OpenID provider is configured for this console; sign in with an access key and secret key.',
        );
      }
      const data = await provider.completeLogin(request.body.code, request.body.state);
      const session = await ctx.sessions.create(data);
      setSessionCookie(request, reply, basePath, session);
      return { sessionId: session.id };
    },
  });

  app.route({
    ...routeOptions(API.getSession),
    handler: async (request) => {
      const state = await ctx.accounts.get(sessionOf(request));
      return {
        status: 'ok' as const,
        pages: allowedPages(state),
        features: [],
        operator: false,
        distributedMode: state.distributedMode,
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
      const state = await ctx.accounts.get(sessionOf(request));
      return { permissions: checkPermissions(state, request.body.actions) };
    },
  });
};
