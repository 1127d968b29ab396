/**
 * User routes (spec 2 §7 Users and groups) and the Access Audit's user list (spec 1 §7
 * `GET /bucket-users/{bucket}`). Thin: session → admin client → service.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { createServiceAccount } from '../account/account-service.js';
import {
  addUsersToGroups,
  bucketUsers,
  changeUserPassword,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  serviceAccountKeys,
  updateUser,
} from './user-service.js';

export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminOf = (request: Parameters<typeof sessionOf>[0]) =>
    ctx.clients.forSession(sessionOf(request)).admin;

  app.route({
    ...routeOptions(API.listUsers),
    handler: async (request) => listUsers(adminOf(request)),
  });

  app.route({
    ...routeOptions(API.createUser),
    handler: async (request, reply) => reply.code(201).send(await createUser(adminOf(request), request.body)),
  });

  app.route({
    ...routeOptions(API.getUser),
    handler: async (request) => getUser(adminOf(request), request.query.name),
  });

  app.route({
    ...routeOptions(API.updateUser),
    handler: async (request) => updateUser(adminOf(request), request.query.name, request.body),
  });

  app.route({
    ...routeOptions(API.deleteUser),
    handler: async (request, reply) => {
      await deleteUser(adminOf(request), request.query.name);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.listUserServiceAccounts),
    handler: async (request) => serviceAccountKeys(adminOf(request), request.query.name),
  });

  app.route({
    ...routeOptions(API.createUserServiceAccount),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createServiceAccount(adminOf(request), request.body.policy, request.query.name)),
  });

  app.route({
    ...routeOptions(API.changeUserPassword),
    handler: async (request, reply) => {
      await changeUserPassword(adminOf(request), request.body.selectedUser, request.body.newSecretKey);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.addUsersToGroups),
    handler: async (request, reply) => {
      await addUsersToGroups(adminOf(request), request.body.groups, request.body.users);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.listBucketUsers),
    handler: async (request) => bucketUsers(adminOf(request), request.params.bucket),
  });
};
