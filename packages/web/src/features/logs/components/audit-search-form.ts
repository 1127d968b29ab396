/**
 * The Audit Logs form's pure rules: the filter fields in the spec's order, the record columns
 * (which can be toggled), and the form → search query (only non-empty filters, sent as typed;
 * local date-times → ISO).
 */
import type { AuditFilterField } from '@coffer/contract';
import type { AuditLogRecord, AuditQuery } from '../api/audit-search.js';

/** Advanced Filters, in the spec's order (spec 2 §2). */
export const FILTER_FIELDS = [
  'bucket',
  'api_name',
  'user_agent',
  'object',
  'request_id',
  'response_status',
] as const satisfies readonly AuditFilterField[];

export interface AuditForm {
  /** `datetime-local` values ('' = open). */
  start: string;
  end: string;
  filters: Record<AuditFilterField, string>;
}

export const EMPTY_FORM: AuditForm = {
  start: '',
  end: '',
  filters: { bucket: '', api_name: '', user_agent: '', object: '', request_id: '', response_status: '' },
};

/** The table's columns (spec 2 §2), each a key of the record. */
export const COLUMNS = [
  'time',
  'api_name',
  'bucket',
  'object',
  'remote_host',
  'request_id',
  'user_agent',
  'response_status',
  'request_content_length',
  'response_content_length',
  'time_to_response_ns',
] as const satisfies readonly (keyof AuditLogRecord)[];
export type AuditColumn = (typeof COLUMNS)[number];

/** A `datetime-local` value as ISO 8601 (undefined when empty or not a date). */
function iso(local: string): string | undefined {
  if (local === '') return undefined;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

export function toQuery(form: AuditForm, order: AuditQuery['order'], run: number): AuditQuery {
  const fp = FILTER_FIELDS.flatMap((field) => {
    const value = form.filters[field];
    return value.trim() === '' ? [] : [`${field}:${value}`];
  });
  const timeStart = iso(form.start);
  const timeEnd = iso(form.end);
  return {
    fp,
    order,
    run,
    ...(timeStart !== undefined ? { timeStart } : {}),
    ...(timeEnd !== undefined ? { timeEnd } : {}),
  };
}
