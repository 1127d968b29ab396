/**
 * Errors of the admin API and STS as one class, `AdminApiError { code, message, status }`.
 *
 * A MinIO-compatible server answers admin errors as JSON (`{"Code","Message",…}`), but some admin
 * paths emit the S3 XML `<Error>` shape and STS answers `<ErrorResponse><Error>…` (wire doc §6.2,
 * §4.4). Like madmin, the parser tries JSON, then XML, then falls back to the HTTP status line.
 * Network failures (refused connection, timeout) are not turned into this class: they stay Node
 * system errors (`code` ECONNREFUSED, ETIMEDOUT…) so callers can tell "server said no" from "no
 * server".
 *
 * `shape` says what the error body was: a server that is not MinIO (e.g. Ceph RGW reads
 * `/minio/admin/…` as the bucket `minio`) answers admin paths with S3 XML or a bare status, never
 * with MinIO's JSON admin error — which is how a caller tells "no admin API" from "admin API said no".
 */
import { STATUS_CODES } from 'node:http';
import { xmlElementText } from './xml.js';

export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  constructor(
    /** The server's error code, e.g. `XMinioAdminNoSuchUser`, `AccessDenied`. */
    readonly code: string,
    message: string,
    /** HTTP status of the response. */
    readonly status: number,
    readonly requestId?: string,
    /** What the error body was: MinIO's JSON admin error, an XML `<Error>`, or nothing usable. */
    readonly shape?: 'json' | 'xml' | 'status',
  ) {
    super(message);
  }
}

function fromJson(text: string, status: number): AdminApiError | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { Code, Message, RequestId } = doc as Record<string, unknown>;
  if (typeof Code !== 'string' || Code === '') return undefined;
  return new AdminApiError(
    Code,
    typeof Message === 'string' ? Message : Code,
    status,
    typeof RequestId === 'string' ? RequestId : undefined,
    'json',
  );
}

function fromXml(text: string, status: number): AdminApiError | undefined {
  // S3 `<Error><Code>…` and STS `<ErrorResponse><Error><Code>…` both carry Code and Message.
  const code = xmlElementText(text, 'Code');
  if (!code) return undefined;
  return new AdminApiError(
    code,
    xmlElementText(text, 'Message') ?? code,
    status,
    xmlElementText(text, 'RequestId'),
    'xml',
  );
}

/** The error a failed response stands for. */
export function parseErrorResponse(status: number, body: Buffer | string): AdminApiError {
  const text = (typeof body === 'string' ? body : body.toString('utf8')).trim();
  return (
    (text !== '' ? (fromJson(text, status) ?? fromXml(text, status)) : undefined) ??
    new AdminApiError(
      STATUS_CODES[status]?.replace(/\s+/g, '') ?? `Http${status}`,
      text !== '' && text.length < 500 && !text.startsWith('<')
        ? text
        : (STATUS_CODES[status] ?? `HTTP ${status}`),
      status,
      undefined,
      'status',
    )
  );
}
