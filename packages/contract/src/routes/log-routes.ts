/**
 * Audit logs (spec 2 §7 "Audit and session"): the search the Audit Logs view calls, and the
 * endpoint a storage server's `audit_webhook` target posts its audit entries to.
 * Entries of the console's route table (composed in `../routes.ts`).
 */
import { z } from 'zod';
import { AuditIngestResponseSchema, AuditSearchQuerySchema, AuditSearchResponseSchema } from '../logs.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const LOG_ROUTES = {
  searchAuditLogs: {
    method: 'GET',
    path: `${API_PREFIX}/logs/search`,
    summary: 'Search the stored audit log: time range, field filters, paging, order',
    description:
      "Filters are fp=field:pattern ('*' any characters, '.' one character, a backslash escapes; the whole value must match). Only for accounts allowed admin:ServerTrace (they can see every request anyway); 404 not_found when the console keeps no audit log.",
    tags: ['logs'],
    querystring: AuditSearchQuerySchema,
    response: { 200: AuditSearchResponseSchema, ...errors },
  },
  ingestAuditLog: {
    method: 'POST',
    path: `${API_PREFIX}/logs/audit`,
    summary: "Where the storage server's audit_webhook target delivers MinIO audit entries",
    description:
      'Authenticated by the bearer token of the console (Authorization: Bearer <token>), not by a session. The body is one audit entry as JSON, or several separated by newlines (batch_size > 1).',
    tags: ['logs'],
    public: true,
    consumes: ['application/json', 'application/x-ndjson', 'text/plain'],
    body: z.string().describe('One MinIO audit entry, or newline-separated entries'),
    response: { 200: AuditIngestResponseSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
