/**
 * Object details routes (spec 2 §7): retention (PUT, DELETE), tags (PUT), legal hold (PUT).
 * Thin: session → S3 client → service; each answers 204.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import {
  deleteObjectRetention,
  putObjectLegalHold,
  putObjectRetention,
  putObjectTags,
} from './object-details-service.js';

export const objectDetailsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s3Of = (request: Parameters<typeof sessionOf>[0]) => ctx.clients.forSession(sessionOf(request)).s3;

  app.route({
    ...routeOptions(API.putObjectRetention),
    handler: async (request, reply) => {
      await putObjectRetention(s3Of(request), request.params.bucket, request.query, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.deleteObjectRetention),
    handler: async (request, reply) => {
      await deleteObjectRetention(s3Of(request), request.params.bucket, request.query);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.putObjectTags),
    handler: async (request, reply) => {
      await putObjectTags(s3Of(request), request.params.bucket, request.query, request.body);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.putObjectLegalHold),
    handler: async (request, reply) => {
      await putObjectLegalHold(s3Of(request), request.params.bucket, request.query, request.body);
      return reply.code(204).send(null);
    },
  });
};
