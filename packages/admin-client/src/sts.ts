/**
 * STS AssumeRole (wire doc §4.2): a form-encoded `POST /` signed with the caller's long-term keys,
 * service `sts`, answered with temporary credentials in XML. The server refuses temporary
 * credentials and service accounts as callers (403 AccessDenied); errors arrive as
 * `<ErrorResponse>` XML and become `AdminApiError` like every other failure of this package.
 */
import type http from 'node:http';
import { signRequest } from '@coffer/protocol';
import { AdminApiError, parseErrorResponse } from './errors.js';
import { sendHttpRequest } from './http-request.js';
import type { TemporaryCredentials } from './types.js';
import { xmlElementText } from './xml.js';

/** AWS default; a MinIO without a configured region accepts any (wire doc §4.2). */
const DEFAULT_STS_REGION = 'us-east-1';

export interface AssumeRoleOptions {
  /** Base URL of the storage server. */
  endpoint: string;
  /** Long-term access key and secret of a user (or root). */
  accessKey: string;
  secretKey: string;
  /** 900 … 31,536,000 on MinIO (default there: 3,600). */
  durationSeconds: number;
  /** Session policy (a JSON document, ≤ 2,048 characters) narrowing the credentials. */
  policy?: string;
  region?: string;
  timeoutMs?: number;
  agent?: http.Agent;
  signal?: AbortSignal;
}

function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export async function assumeRole(options: AssumeRoleOptions): Promise<TemporaryCredentials> {
  const url = new URL(options.endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/`;
  url.search = '';
  const fields: Record<string, string> = {
    Action: 'AssumeRole',
    Version: '2011-06-15',
    DurationSeconds: String(options.durationSeconds),
  };
  if (options.policy !== undefined) fields.Policy = options.policy;
  const body = Buffer.from(formBody(fields), 'utf8');
  const headers = signRequest({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
    region: options.region ?? DEFAULT_STS_REGION,
    service: 'sts',
  });
  const res = await sendHttpRequest({
    method: 'POST',
    url,
    headers,
    body,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (res.status !== 200) throw parseErrorResponse(res.status, res.body);
  const xml = res.body.toString('utf8');
  const accessKeyId = xmlElementText(xml, 'AccessKeyId');
  const secretAccessKey = xmlElementText(xml, 'SecretAccessKey');
  const sessionToken = xmlElementText(xml, 'SessionToken');
  const expiration = xmlElementText(xml, 'Expiration');
  const expires = expiration !== undefined ? new Date(expiration) : undefined;
  if (
    !accessKeyId ||
    !secretAccessKey ||
    sessionToken === undefined ||
    !expires ||
    Number.isNaN(expires.getTime())
  ) {
    throw new AdminApiError(
      'InvalidResponse',
      'the STS answer has no complete Credentials element',
      res.status,
    );
  }
  return { accessKeyId, secretAccessKey, sessionToken, expiration: expires };
}
