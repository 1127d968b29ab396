/**
 * The account's routes (spec 2 §7 Service accounts and account): its service accounts and its
 * own password change, which renews the session cookie. Thin: session → service.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { setSessionCookie } from '../../session/session-cookie.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { serviceAccountKeys } from '../users/user-service.js';
import { changeOwnPassword, createServiceAccount, deleteServiceAccount } from './account-service.js';

export const accountRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOf = (request: Parameters<typeof sessionOf>[0]) =>
    ctx.clients.forSession(sessionOf(request)).admin;

  app.route({
    ...routeOptions(API.createServiceAccount),
    handler: async (request, reply) =>
      reply.code(201).send(await createServiceAccount(adminOf(request), request.body.policy)),
  });

  app.route({
    ...routeOptions(API.listServiceAccounts),
    handler: async (request) => serviceAccountKeys(adminOf(request)),
  });

  app.route({
    ...routeOptions(API.deleteServiceAccount),
    handler: async (request, reply) => {
      await deleteServiceAccount(adminOf(request), request.params.key);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.changePassword),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      const next = await changeOwnPassword(
        ctx,
        session,
        request.body.current_secret_key,
        request.body.new_secret_key,
      );
      if (next.id !== session.id) setSessionCookie(request, reply, ctx.options.basePath, next);
      return reply.code(204).send(null);
    },
  });
};
