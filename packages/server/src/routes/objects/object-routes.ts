/**
 * Object routes (spec 2 §7 plus paging and search): list, delete, delete-objects, download,
 * upload. Thin: session → S3 client → service. Uploads and deletes mark their bucket as changed in
 * the usage cache — also when they fail part way, as some objects may have changed — so the bucket
 * list shows its size fresh rather than the last scan's.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { deleteObject, deleteObjects, listObjects } from './object-service.js';
import { downloadObject, uploadObjects } from './transfer-service.js';

/** delete-objects bodies list up to 10,000 paths. */
const DELETE_OBJECTS_BODY_LIMIT = 16 * 1024 * 1024;

export const objectRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s3Of = (request: Parameters<typeof sessionOf>[0]) => ctx.clients.forSession(sessionOf(request)).s3;

  app.route({
    ...routeOptions(API.listObjects),
    handler: async (request) => listObjects(s3Of(request), request.params.bucket, request.query),
  });

  app.route({
    ...routeOptions(API.deleteObject),
    handler: async (request) =>
      deleteObject(s3Of(request), request.params.bucket, request.query).finally(() =>
        ctx.usage.changed(request.params.bucket),
      ),
  });

  app.route({
    ...routeOptions(API.deleteObjects),
    bodyLimit: DELETE_OBJECTS_BODY_LIMIT,
    handler: async (request) =>
      deleteObjects(s3Of(request), request.params.bucket, request.body).finally(() =>
        ctx.usage.changed(request.params.bucket),
      ),
  });

  app.route({
    ...routeOptions(API.downloadObject),
    handler: async (request, reply) =>
      downloadObject(
        s3Of(request),
        request.params.bucket,
        request.query.prefix,
        request.query.version_id,
        request,
        reply,
      ),
  });

  app.route({
    ...routeOptions(API.uploadObjects),
    handler: async (request) => ({
      uploaded: await uploadObjects(
        s3Of(request),
        request.params.bucket,
        request.query.prefix,
        request,
        ctx.options.uploadPartSize,
      ).finally(() => ctx.usage.changed(request.params.bucket)),
    }),
  });
};
