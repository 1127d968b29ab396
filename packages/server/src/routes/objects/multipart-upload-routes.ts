/**
 * Resumable multipart upload routes (issue 9 §4; contract `object-upload-routes.ts`): create,
 * part, list parts, complete, abort. Part bodies (application/octet-stream) are not parsed: the
 * raw request stream goes to S3 UploadPart as it arrives (the parser below only lets it through,
 * for the routes of this plugin alone). Completions and aborts mark the bucket's usage as changed.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import {
  abortUpload,
  completeUpload,
  createUpload,
  listParts,
  uploadPart,
  type UploadCall,
} from './multipart-upload-service.js';
import type { UploadTokens } from './upload-token.js';

export const multipartUploadRoutes: FastifyPluginAsync<{ ctx: AppContext; tokens: UploadTokens }> = async (
  fastify,
  { ctx, tokens },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Leave the body unread: the handler streams it (Fastify's body limit does not apply; the
  // upload's part size does, checked from Content-Length before anything is read).
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  const callOf = (request: FastifyRequest, bucket: string): UploadCall => {
    const session = sessionOf(request);
    return { session, s3: ctx.clients.forSession(session).s3, bucket };
  };

  app.route({
    ...routeOptions(API.createMultipartUpload),
    handler: async (request) =>
      createUpload(tokens, callOf(request, request.params.bucket), request.body, ctx.options.uploadPartSize),
  });

  app.route({
    ...routeOptions(API.uploadPart),
    handler: async (request) =>
      uploadPart(tokens, ctx.clients, callOf(request, request.params.bucket), request.query, request),
  });

  app.route({
    ...routeOptions(API.listUploadParts),
    handler: async (request) => listParts(tokens, callOf(request, request.params.bucket), request.query),
  });

  app.route({
    ...routeOptions(API.completeMultipartUpload),
    handler: async (request) =>
      completeUpload(
        tokens,
        callOf(request, request.params.bucket),
        request.query,
        request.body.parts,
      ).finally(() => ctx.usage.changed(request.params.bucket)),
  });

  app.route({
    ...routeOptions(API.abortMultipartUpload),
    handler: async (request, reply) => {
      await abortUpload(tokens, callOf(request, request.params.bucket), request.query).finally(() =>
        ctx.usage.changed(request.params.bucket),
      );
      return reply.code(204).send(null);
    },
  });
};
