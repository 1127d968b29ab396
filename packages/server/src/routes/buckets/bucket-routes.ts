/**
 * Bucket routes (spec 1 §7): list, create, delete, versioning, details with access, set-policy. Thin: session → service → answer.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { getBucketInfo, setBucketPolicy } from './bucket-policy-service.js';
import { createBucket, deleteBucket, getBucketVersioning, listBuckets } from './bucket-service.js';

export const bucketRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOptions(API.listBuckets),
    handler: async (request) => listBuckets(ctx, sessionOf(request), request.query),
  });

  app.route({
    ...routeOptions(API.createBucket),
    handler: async (request, reply) => {
      await createBucket(ctx, sessionOf(request), request.body);
      // Counted on the next list (empty: 0 B), not left unknown until the server's next scan.
      ctx.usage.changed(request.body.name);
      return reply.code(201).send({ name: request.body.name });
    },
  });

  app.route({
    ...routeOptions(API.deleteBucket),
    handler: async (request, reply) => {
      await deleteBucket(ctx, sessionOf(request), request.params.bucket);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.getBucketVersioning),
    handler: async (request) => getBucketVersioning(ctx, sessionOf(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.getBucketInfo),
    handler: async (request) => getBucketInfo(ctx, sessionOf(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.setBucketPolicy),
    handler: async (request) => setBucketPolicy(ctx, sessionOf(request), request.params.bucket, request.body),
  });
};
