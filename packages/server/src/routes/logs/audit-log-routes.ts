/**
 * Audit logs (spec 2 §7 "Audit and session"): the ingest endpoint a storage server's
 * `audit_webhook` target delivers to (bearer token, no session), and the search of the Audit Logs
 * view. The search is for accounts allowed `admin:ServerTrace`: the audit log shows every request
 * of every account, which is what the trace stream shows them already. Without a store (audit log
 * switched off) both answer 404.
 */
import { API, AUDIT_FILTER_FIELDS, type AuditFilterField } from '@coffer/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';
import { auditRecordOf, parseAuditBody } from '../../audit/audit-entry.js';
import { presentsToken } from '../../audit/audit-token.js';
import { ConsoleError, invalidRequest, notAuthenticated } from '../../errors.js';
import { routeOptions, sessionOf } from '../route-options.js';
import { allowedSomewhere } from '../session/pages.js';

/** The largest delivery taken in one POST (MinIO batches are far smaller). */
const INGEST_BODY_LIMIT = 8 << 20;
export const AUDIT_READ_ACTION = 'admin:ServerTrace';

const notKept = (): ConsoleError =>
  new ConsoleError(
    'not_found',
    'The console keeps no audit log',
    'The audit log store is switched off (--audit-retention 0).',
  );

function parseFilter(text: string): { field: AuditFilterField; pattern: string } {
  const colon = text.indexOf(':');
  const field = text.slice(0, colon) as AuditFilterField;
  if (!AUDIT_FILTER_FIELDS.includes(field)) throw invalidRequest('Unknown filter', text);
  return { field, pattern: text.slice(colon + 1) };
}

function parseTime(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Date.parse(text);
}

export const auditLogRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The webhook's body is one JSON document or newline-separated documents: read it as text here.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    ['application/json', 'application/x-ndjson', 'text/plain'],
    { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.route({
    ...routeOptions(API.ingestAuditLog),
    bodyLimit: INGEST_BODY_LIMIT,
    // The token is checked before the body is read.
    onRequest: async (request) => {
      const audit = ctx.auditLog;
      if (audit === undefined) throw notKept();
      if (!presentsToken(request.headers.authorization, audit.token)) {
        throw notAuthenticated('the audit token is missing or wrong');
      }
    },
    handler: async (request) => {
      const audit = ctx.auditLog;
      if (audit === undefined) throw notKept();
      const records = parseAuditBody(request.body).flatMap((doc) => auditRecordOf(doc) ?? []);
      await audit.store.add(records);
      return { stored: records.length };
    },
  });

  app.route({
    ...routeOptions(API.searchAuditLogs),
    handler: async (request) => {
      const audit = ctx.auditLog;
      if (audit === undefined) throw notKept();
      const state = await ctx.accounts.get(sessionOf(request));
      if (!allowedSomewhere(state, AUDIT_READ_ACTION)) {
        throw new ConsoleError(
          'access_denied',
          'Access denied',
          `Reading the audit log needs ${AUDIT_READ_ACTION}.`,
        );
      }
      const q = request.query;
      const startMs = parseTime(q.timeStart);
      const endMs = parseTime(q.timeEnd);
      const results = audit.store.search({
        filters: q.fp.map(parseFilter),
        order: q.order,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        ...(startMs !== undefined ? { startMs } : {}),
        ...(endMs !== undefined ? { endMs } : {}),
      });
      return { results };
    },
  });
};
