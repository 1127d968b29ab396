/**
 * STS (wire doc §4.2, §4.3): AssumeRole, a form-encoded `POST /` signed with the caller's long-term
 * keys, service `sts`, and the identity-provider variants AssumeRoleWithWebIdentity and
 * AssumeRoleWithLDAPIdentity, unsigned form POSTs whose proof (ID token, LDAP user and password)
 * is in the body; each is answered with temporary credentials in XML. The server refuses temporary
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
  return credentialsOf(res.status, res.body);
}

/** An STS answer → the temporary credentials of its `Credentials` element, or the error it says. */
function credentialsOf(status: number, body: Buffer): TemporaryCredentials {
  const res = { status, body };
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

/** Options shared by the identity-provider variants: unsigned, the proof is in the form body. */
interface IdentityStsOptions {
  endpoint: string;
  /** 900 … 31,536,000 on MinIO. */
  durationSeconds: number;
  timeoutMs?: number;
  agent?: http.Agent;
  signal?: AbortSignal;
}

export interface AssumeRoleWithWebIdentityOptions extends IdentityStsOptions {
  /** The OpenID Connect ID token (a JWT) the identity provider issued. */
  webIdentityToken: string;
}

export interface AssumeRoleWithLdapIdentityOptions extends IdentityStsOptions {
  username: string;
  password: string;
}

async function postIdentityForm(
  options: IdentityStsOptions,
  fields: Record<string, string>,
): Promise<TemporaryCredentials> {
  const url = new URL(options.endpoint);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/`;
  url.search = '';
  const body = Buffer.from(
    formBody({ ...fields, Version: '2011-06-15', DurationSeconds: String(options.durationSeconds) }),
    'utf8',
  );
  const res = await sendHttpRequest({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return credentialsOf(res.status, res.body);
}

/**
 * AssumeRoleWithWebIdentity (wire doc §4.3): an unsigned form POST carrying the ID token; the
 * server validates it against its identity_openid provider and maps the policy claim.
 */
export function assumeRoleWithWebIdentity(
  options: AssumeRoleWithWebIdentityOptions,
): Promise<TemporaryCredentials> {
  return postIdentityForm(options, {
    Action: 'AssumeRoleWithWebIdentity',
    WebIdentityToken: options.webIdentityToken,
  });
}

/**
 * AssumeRoleWithLDAPIdentity (wire doc §4.3): an unsigned form POST with the LDAP user name and
 * password, which the server binds with against its identity_ldap directory.
 */
export function assumeRoleWithLdapIdentity(
  options: AssumeRoleWithLdapIdentityOptions,
): Promise<TemporaryCredentials> {
  return postIdentityForm(options, {
    Action: 'AssumeRoleWithLDAPIdentity',
    LDAPUsername: options.username,
    LDAPPassword: options.password,
  });
}
