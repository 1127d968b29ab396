/**
 * Group routes (spec 2 §7 Users and groups). Thin: session → admin client → service.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './group-service.js';

export const groupRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOf = (request: Parameters<typeof sessionOf>[0]) =>
    ctx.clients.forSession(sessionOf(request)).admin;

  app.route({
    ...routeOptions(API.listGroups),
    handler: async (request) => listGroups(adminOf(request)),
  });

  app.route({
    ...routeOptions(API.createGroup),
    handler: async (request, reply) =>
      reply.code(201).send(await createGroup(adminOf(request), request.body.group, request.body.members)),
  });

  app.route({
    ...routeOptions(API.getGroup),
    handler: async (request) => getGroup(adminOf(request), request.query.name),
  });

  app.route({
    ...routeOptions(API.updateGroup),
    handler: async (request) => updateGroup(adminOf(request), request.query.name, request.body),
  });

  app.route({
    ...routeOptions(API.deleteGroup),
    handler: async (request, reply) => {
      await deleteGroup(adminOf(request), request.query.name);
      return reply.code(204).send(null);
    },
  });
};
