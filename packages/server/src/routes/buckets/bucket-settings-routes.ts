/**
 * The Summary's bucket settings (spec 1 §7): versioning (PUT; GET is with the bucket routes),
 * quota, default retention, object locking and the replication rules. Thin: session → service →
 * answer; the storage server decides who may read or change each setting.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { getReplicationRules } from '../../storage/s3-replication.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { getBucketRetention, getObjectLocking, setBucketRetention } from './bucket-lock-service.js';
import { getBucketQuota, setBucketQuota } from './bucket-quota-service.js';
import { setBucketVersioning } from './bucket-service.js';

export const bucketSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    ...routeOptions(API.setBucketVersioning),
    handler: async (request) =>
      setBucketVersioning(ctx, sessionOf(request), request.params.bucket, request.body.versioning),
  });

  app.route({
    ...routeOptions(API.getBucketQuota),
    handler: async (request) => getBucketQuota(ctx, sessionOf(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.setBucketQuota),
    handler: async (request) => setBucketQuota(ctx, sessionOf(request), request.params.bucket, request.body),
  });

  app.route({
    ...routeOptions(API.getBucketRetention),
    handler: async (request) => getBucketRetention(ctx, sessionOf(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.setBucketRetention),
    handler: async (request) =>
      setBucketRetention(ctx, sessionOf(request), request.params.bucket, request.body),
  });

  app.route({
    ...routeOptions(API.getBucketObjectLocking),
    handler: async (request) => getObjectLocking(ctx, sessionOf(request), request.params.bucket),
  });

  app.route({
    ...routeOptions(API.getBucketReplication),
    handler: async (request) => ({
      rules: await getReplicationRules(ctx.clients.forSession(sessionOf(request)).s3, request.params.bucket),
    }),
  });
};
