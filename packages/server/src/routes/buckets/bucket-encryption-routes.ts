/**
 * Bucket encryption routes (spec 1 §7): info, enable, disable. Thin: session → service → answer.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import {
  disableBucketEncryption,
  enableBucketEncryption,
  getBucketEncryptionInfo,
} from './bucket-encryption-service.js';

export const bucketEncryptionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOptions(API.getBucketEncryptionInfo),
    handler: async (request) => getBucketEncryptionInfo(ctx, sessionOf(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.enableBucketEncryption),
    handler: async (request) =>
      enableBucketEncryption(ctx, sessionOf(request), request.params.bucket, request.body),
  });

  app.route({
    ...routeOptions(API.disableBucketEncryption),
    handler: async (request, reply) => {
      await disableBucketEncryption(ctx, sessionOf(request), request.params.bucket);
      return reply.code(204).send(null);
    },
  });
};
