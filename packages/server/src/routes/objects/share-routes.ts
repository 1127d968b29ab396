/**
 * Share-link routes (spec 2 §7 share call; list and revoke of active links): session → its
 * storage clients → ./share-service.ts.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { listShareLinks, revokeShareLink, shareDurationMs, shareObject } from './share-service.js';

export const shareRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const accessOf = (request: Parameters<typeof sessionOf>[0]) => ctx.clients.forSession(sessionOf(request));
  // The region is read when the link is signed: it follows the storage server (storage-region.ts).
  const signing = {
    publicServerUrl: ctx.options.publicServerUrl,
    get region(): string {
      return ctx.clients.region;
    },
  };

  app.route({
    ...routeOptions(API.shareObject),
    handler: async (request, reply) => {
      const { prefix, version_id: versionId, expires } = request.query;
      const durationMs = shareDurationMs(expires);
      const url = await shareObject(
        accessOf(request),
        signing,
        {
          bucket: request.params.bucket,
          key: prefix,
          // 'null' stays: it names the version written while versioning was off, not the latest.
          ...(versionId !== undefined && versionId !== '' ? { versionId } : {}),
        },
        durationMs,
      );
      // A JSON string, as every answer is JSON (Fastify would send a bare string as text/plain).
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(url));
    },
  });

  app.route({
    ...routeOptions(API.listShareLinks),
    handler: async (request) => {
      const { bucket, object, version_id: versionId } = request.query;
      return {
        links: await listShareLinks(accessOf(request), {
          ...(bucket !== undefined ? { bucket } : {}),
          ...(object !== undefined ? { object } : {}),
          ...(versionId !== undefined && versionId !== '' ? { versionId } : {}),
        }),
      };
    },
  });

  app.route({
    ...routeOptions(API.revokeShareLink),
    handler: async (request, reply) => {
      await revokeShareLink(accessOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
