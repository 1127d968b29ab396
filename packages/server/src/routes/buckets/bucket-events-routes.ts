/**
 * Bucket event routes (spec 1 §7): list, subscribe, delete. Thin: session → S3 client → service.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { deleteBucketEvent, listBucketEvents, subscribeBucketEvent } from './bucket-events-service.js';

export const bucketEventRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s3Of = (request: FastifyRequest) => ctx.clients.forSession(sessionOf(request)).s3;

  app.route({
    ...routeOptions(API.listBucketEvents),
    handler: async (request) => listBucketEvents(s3Of(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.subscribeBucketEvent),
    handler: async (request, reply) => {
      await subscribeBucketEvent(
        s3Of(request),
        request.params.bucket,
        request.body.configuration,
        request.body.ignoreExisting,
      );
      return reply.code(201).send({});
    },
  });

  app.route({
    ...routeOptions(API.deleteBucketEvent),
    handler: async (request, reply) => {
      await deleteBucketEvent(s3Of(request), request.params.bucket, request.params.arn, request.body);
      return reply.code(204).send(null);
    },
  });
};
