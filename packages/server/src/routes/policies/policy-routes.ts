/**
 * Policy routes (spec 2 §7 Policies) and the Access Audit's policy list (spec 1 §7
 * `GET /bucket-policy/{bucket}`). Thin: session → admin client → service.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import {
  bucketPolicies,
  deletePolicy,
  getPolicy,
  listPolicies,
  policyEntities,
  savePolicy,
  setPolicy,
} from './policy-service.js';

export const policyRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOf = (request: Parameters<typeof sessionOf>[0]) =>
    ctx.clients.forSession(sessionOf(request)).admin;

  app.route({
    ...routeOptions(API.listPolicies),
    handler: async (request) => listPolicies(adminOf(request), request.query.limit),
  });

  app.route({
    ...routeOptions(API.savePolicy),
    handler: async (request) => savePolicy(adminOf(request), request.body.name, request.body.policy),
  });

  app.route({
    ...routeOptions(API.getPolicy),
    handler: async (request) => getPolicy(adminOf(request), request.query.name),
  });

  app.route({
    ...routeOptions(API.deletePolicy),
    handler: async (request, reply) => {
      await deletePolicy(adminOf(request), request.query.name);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.listPolicyUsers),
    handler: async (request) => policyEntities(adminOf(request), request.params.name, 'users'),
  });

  app.route({
    ...routeOptions(API.listPolicyGroups),
    handler: async (request) => policyEntities(adminOf(request), request.params.name, 'groups'),
  });

  app.route({
    ...routeOptions(API.setPolicy),
    handler: async (request, reply) => {
      const session = sessionOf(request);
      await setPolicy(
        ctx.clients.forSession(session).admin,
        request.params.policyNames,
        request.body.entityName,
        request.body.entityType,
      );
      // The signed-in account may just have changed its own policies.
      ctx.accounts.forget(session.id);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.listBucketPolicies),
    handler: async (request) => ({ policies: await bucketPolicies(adminOf(request), request.params.bucket) }),
  });
};
