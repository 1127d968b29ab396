/**
 * Audit log search (spec 2 §2 Logs → Audit Logs, §3 "Audit log record", §7 "Audit and session"):
 * the search query with its `fp=<field>:<pattern>` filters and the records, field names exactly as
 * the spec gives them. Patterns: `*` any characters, `.` one character, a backslash escapes.
 */
import { z } from 'zod';

/** The fields `fp` filters may name (spec 2 §7). */
export const AUDIT_FILTER_FIELDS = [
  'bucket',
  'object',
  'api_name',
  'request_id',
  'user_agent',
  'response_status',
] as const;
export type AuditFilterField = (typeof AUDIT_FILTER_FIELDS)[number];

/** The spec's page size; also the largest page the server answers. */
export const AUDIT_PAGE_SIZE = 100;

const filterPattern = new RegExp(`^(${AUDIT_FILTER_FIELDS.join('|')}):[\\s\\S]{1,1024}$`);

// No schema id: a query stays inline in the OpenAPI document (a $ref has no properties to list).
export const AuditSearchQuerySchema = z.object({
  q: z.literal('reqinfo').describe("The only query kind: 'reqinfo' (request information)"),
  fp: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("Filters 'field:pattern' (bucket, object, api_name, request_id, user_agent, response_status)")
    .transform((v) => (v === undefined ? [] : typeof v === 'string' ? [v] : v))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              filterPattern,
              `filters are 'field:pattern' with field one of ${AUDIT_FILTER_FIELDS.join(', ')}`,
            ),
        )
        .max(AUDIT_FILTER_FIELDS.length * 4),
    ),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
  pageNo: z.coerce.number().int().min(0).max(10_000).default(0),
  order: z.enum(['timeDesc', 'timeAsc']).default('timeDesc'),
  timeStart: z.iso.datetime({ offset: true }).optional(),
  timeEnd: z.iso.datetime({ offset: true }).optional(),
});

export const AuditLogRecordSchema = z
  .object({
    time: z.string().describe('When the request ended (ISO 8601)'),
    api_name: z.string(),
    bucket: z.string(),
    object: z.string(),
    remote_host: z.string(),
    request_id: z.string(),
    user_agent: z.string(),
    response_status: z.string().describe("The status text, e.g. 'OK', 'Not Found'"),
    response_status_code: z.number().int(),
    request_content_length: z.number().describe('Bytes received'),
    response_content_length: z.number().describe('Bytes sent'),
    time_to_response_ns: z.number().describe('Nanoseconds from arrival to the end of the response'),
  })
  .meta({ id: 'AuditLogRecord' });

export const AuditSearchResponseSchema = z
  .object({ results: z.array(AuditLogRecordSchema) })
  .meta({ id: 'AuditSearchResponse' });

export const AuditIngestResponseSchema = z
  .object({
    stored: z.number().int().describe('Entries kept (entries that are not audit entries are skipped)'),
  })
  .meta({ id: 'AuditIngestResponse' });

export type AuditLogRecord = z.infer<typeof AuditLogRecordSchema>;
export type AuditSearchQuery = z.output<typeof AuditSearchQuerySchema>;
