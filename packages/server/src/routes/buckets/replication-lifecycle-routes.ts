/**
 * Replication and lifecycle routes (spec 1 §7): the remote's buckets, buckets-replication, a
 * replication rule's removal, and a bucket's lifecycle rules. Thin: session → clients → service;
 * the storage server decides who may change what (s3:PutReplicationConfiguration,
 * s3:PutLifecycleConfiguration, admin:SetBucketTarget), and its refusal is the answer.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { addLifecycleRule, getBucketLifecycle, updateLifecycleRule } from './lifecycle-service.js';
import {
  deleteReplicationRule,
  listExternalBuckets,
  setMultiBucketReplication,
} from './replication-service.js';

export const replicationLifecycleRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (
  fastify,
  { ctx },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const storageOf = (request: FastifyRequest) => ctx.clients.forSession(sessionOf(request));

  app.route({
    ...routeOptions(API.listExternalBuckets),
    handler: async (request) => {
      sessionOf(request);
      return listExternalBuckets(request.body);
    },
  });

  app.route({
    ...routeOptions(API.setMultiBucketReplication),
    handler: async (request) => setMultiBucketReplication(storageOf(request), request.body),
  });

  app.route({
    ...routeOptions(API.deleteReplicationRule),
    handler: async (request, reply) => {
      await deleteReplicationRule(storageOf(request), request.params.bucket, request.params.ruleId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...routeOptions(API.getBucketLifecycle),
    handler: async (request) => getBucketLifecycle(storageOf(request).s3, request.params.bucket),
  });

  app.route({
    ...routeOptions(API.addBucketLifecycleRule),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await addLifecycleRule(storageOf(request).s3, request.params.bucket, request.body)),
  });

  app.route({
    ...routeOptions(API.updateBucketLifecycleRule),
    handler: async (request) =>
      updateLifecycleRule(storageOf(request).s3, request.params.bucket, request.params.ruleId, request.body),
  });
};
