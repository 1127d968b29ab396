/**
 * Bulk object routes (issue 9 §5, §6): the ZIP download of folders and selections
 * (`./zip-download.ts`) and the delete that streams its progress (`./delete-progress.ts`).
 *
 * The ZIP download is a form post so that the browser's download manager streams the archive to
 * disk; this plugin alone parses application/x-www-form-urlencoded bodies (`paths` once per
 * selected entry). Like every change it is taken only from the console's own pages
 * (hardening/same-origin.ts checks Origin and Sec-Fetch-Site of every POST), so another site
 * cannot make a signed-in browser download — the session cookie alone is not enough.
 */
import { API } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { invalidRequest } from '../../errors.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { deleteWithProgress } from './delete-progress.js';
import { downloadZip } from './zip-download.js';

/** Up to 10,000 paths of up to 1,024 bytes, percent-encoded. */
const BULK_BODY_LIMIT = 32 * 1024 * 1024;

export const objectBulkRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const s3Of = (request: Parameters<typeof sessionOf>[0]) => ctx.clients.forSession(sessionOf(request)).s3;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BULK_BODY_LIMIT },
    (_request, body, done) => {
      try {
        const form = new URLSearchParams(String(body));
        done(null, { base: form.get('base') ?? '', paths: form.getAll('paths') });
      } catch (err) {
        done(invalidRequest('The form is not well-formed', String(err)), undefined);
      }
    },
  );

  app.route({
    ...routeOptions(API.downloadZip),
    bodyLimit: BULK_BODY_LIMIT,
    handler: async (request, reply) =>
      downloadZip(
        s3Of(request),
        { bucket: request.params.bucket, base: request.body.base, paths: request.body.paths },
        reply,
      ),
  });

  app.route({
    ...routeOptions(API.deleteObjectsProgress),
    bodyLimit: BULK_BODY_LIMIT,
    handler: async (request, reply) =>
      deleteWithProgress(s3Of(request), request.params.bucket, request.body, reply, () =>
        ctx.usage.changed(request.params.bucket),
      ),
  });
};
