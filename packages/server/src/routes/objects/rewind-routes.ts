/**
 * The rewind route (spec 2 §7): session → its S3 client → ./rewind-service.ts.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { rewindObjects } from './rewind-service.js';

export const rewindRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.route({
    ...routeOptions(API.rewindObjects),
    handler: async (request) =>
      rewindObjects(ctx.clients.forSession(sessionOf(request)).s3, request.params.bucket, {
        prefix: request.query.prefix,
        date: new Date(request.params.date),
        limit: request.query.limit,
        ...(request.query.continuation !== undefined ? { continuation: request.query.continuation } : {}),
      }),
  });
};
