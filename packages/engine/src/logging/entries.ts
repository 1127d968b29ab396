/**
 * MinIO's audit and log entry shapes (what `audit_webhook` and `logger_webhook` endpoints receive,
 * one JSON document per entry): the audit entry of one completed S3 / admin / STS request, and the
 * server's error log entry. Built from plain descriptions so `logging/` needs nothing of `http/`.
 */

/** One completed request, as the HTTP layer describes it. */
export interface AuditRequest {
  /** Operation name (`PutObject`, `ListBuckets`, `AccountInfo`, …). */
  api: string;
  bucket?: string;
  object?: string;
  statusCode: number;
  /** Bytes received and sent for the request. */
  rx: number;
  tx: number;
  /** Nanoseconds from the request's arrival to its first response byte, and to the response's end. */
  timeToFirstByteNs?: number;
  timeToResponseNs: number;
  remoteHost: string;
  requestId: string;
  userAgent: string;
  requestPath: string;
  requestHost: string;
  requestQuery: Record<string, string>;
  /** Header names as sent on the wire (canonicalised here); sensitive values already redacted. */
  requestHeader: Record<string, string>;
  responseHeader: Record<string, string>;
  accessKey?: string;
  parentUser?: string;
  /** When the request ended. */
  time: Date;
}

/** MinIO's audit entry (version 1). */
export interface AuditEntry {
  version: '1';
  deploymentid: string;
  time: string;
  event: string;
  trigger: 'incoming';
  api: {
    name: string;
    bucket?: string;
    object?: string;
    status: string;
    statusCode: number;
    rx: number;
    tx: number;
    timeToFirstByte?: string;
    timeToResponse: string;
    timeToResponseInNS: string;
  };
  remotehost: string;
  requestID: string;
  userAgent: string;
  requestPath: string;
  requestHost: string;
  requestQuery: Record<string, string>;
  requestHeader: Record<string, string>;
  responseHeader: Record<string, string>;
  tags: Record<string, string>;
  accessKey: string;
  parentUser?: string;
}

/** The text of an HTTP status as Go's `http.StatusText` gives it (MinIO's `api.status`). */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  206: 'Partial Content',
  301: 'Moved Permanently',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  411: 'Length Required',
  412: 'Precondition Failed',
  416: 'Requested Range Not Satisfiable',
  499: 'Client Closed Request',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** `content-length` → `Content-Length`, as Go's canonical header names. */
export function canonicalHeaderName(name: string): string {
  return name
    .split('-')
    .map((part) => (part === '' ? part : part[0]?.toUpperCase() + part.slice(1).toLowerCase()))
    .join('-');
}

export function auditEntry(deploymentId: string, request: AuditRequest): AuditEntry {
  const api: AuditEntry['api'] = {
    name: request.api,
    status: STATUS_TEXT[request.statusCode] ?? String(request.statusCode),
    statusCode: request.statusCode,
    rx: request.rx,
    tx: request.tx,
    timeToResponse: `${request.timeToResponseNs}ns`,
    timeToResponseInNS: String(request.timeToResponseNs),
  };
  if (request.bucket !== undefined && request.bucket !== '') api.bucket = request.bucket;
  if (request.object !== undefined && request.object !== '') api.object = request.object;
  if (request.timeToFirstByteNs !== undefined) api.timeToFirstByte = `${request.timeToFirstByteNs}ns`;
  const entry: AuditEntry = {
    version: '1',
    deploymentid: deploymentId,
    time: request.time.toISOString(),
    event: '',
    trigger: 'incoming',
    api,
    remotehost: request.remoteHost,
    requestID: request.requestId,
    userAgent: request.userAgent,
    requestPath: request.requestPath,
    requestHost: request.requestHost,
    requestQuery: request.requestQuery,
    requestHeader: request.requestHeader,
    responseHeader: request.responseHeader,
    tags: {},
    accessKey: request.accessKey ?? '',
  };
  if (request.parentUser !== undefined && request.parentUser !== '') entry.parentUser = request.parentUser;
  return entry;
}

/** A server problem: a failed request (5xx) or failed background work. */
export interface LogProblem {
  message: string;
  /** Where it happened: the operation, or the background service. */
  api?: string;
  bucket?: string;
  object?: string;
  requestId?: string;
  remoteHost?: string;
  userAgent?: string;
  /** Stack frames or the service name. */
  source?: string[];
  time?: Date;
}

/** MinIO's log entry (server logs: `logger_webhook`). */
export interface LogEntry {
  deploymentid: string;
  level: 'ERROR';
  errKind: 'MINIO';
  time: string;
  api?: { name: string; args?: { bucket?: string; object?: string } };
  remotehost?: string;
  host: string;
  requestID?: string;
  userAgent?: string;
  message: string;
  error: { message: string; source: string[] };
}

export function logEntry(deploymentId: string, host: string, problem: LogProblem): LogEntry {
  const entry: LogEntry = {
    deploymentid: deploymentId,
    level: 'ERROR',
    errKind: 'MINIO',
    time: (problem.time ?? new Date()).toISOString(),
    host,
    message: problem.message,
    error: { message: problem.message, source: problem.source ?? [] },
  };
  if (problem.api !== undefined) {
    const args: { bucket?: string; object?: string } = {};
    if (problem.bucket !== undefined && problem.bucket !== '') args.bucket = problem.bucket;
    if (problem.object !== undefined && problem.object !== '') args.object = problem.object;
    entry.api = Object.keys(args).length > 0 ? { name: problem.api, args } : { name: problem.api };
  }
  if (problem.remoteHost !== undefined) entry.remotehost = problem.remoteHost;
  if (problem.requestId !== undefined) entry.requestID = problem.requestId;
  if (problem.userAgent !== undefined) entry.userAgent = problem.userAgent;
  return entry;
}
