/**
 * Sign-in, session and permission checks (spec 1 §2 "Session and shell", §3, §7): field names
 * exactly as the spec gives them.
 */
import { z } from 'zod';

/** What the login screen shows; 'unknown' is the browser's own loading state, never sent. */
export const LoginStrategySchema = z.enum(['form', 'redirect', 'service-account']);

export const LoginStrategyResponseSchema = z
  .object({
    loginStrategy: LoginStrategySchema,
    redirect: z.string().describe("With 'redirect': the identity provider's authorization URL; '' otherwise"),
  })
  .meta({ id: 'LoginStrategy' });

export const LoginRequestSchema = z
  .object({
    accessKey: z.string().min(1),
    secretKey: z.string().min(1),
  })
  .meta({ id: 'LoginRequest' });

/** Operator mode (spec 1 §3 "Login payloads": service-account sends jwt): a Kubernetes token. */
export const OperatorLoginRequestSchema = z
  .object({ jwt: z.string().trim().min(1).max(16_384).describe('A Kubernetes service-account token') })
  .meta({ id: 'OperatorLoginRequest' });

/**
 * What a session acts with: 'storage' — credentials of the storage server (form, LDAP, SSO);
 * 'operator' — a Kubernetes service-account token (operator mode, `SessionResponse.operator`).
 */
export const SESSION_KINDS = ['storage', 'operator'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

export const OAuth2AuthRequestSchema = z.object({ code: z.string().min(1), state: z.string().min(1) }).meta({
  id: 'OAuth2AuthRequest',
});

export const OAuth2AuthResponseSchema = z
  .object({ sessionId: z.string() })
  .meta({ id: 'OAuth2AuthResponse' });

/**
 * What the storage server offers, detected once per session by the console server (not in the
 * spec: added for servers that are not MinIO, issue 8 §8; optional, so older answers still parse).
 * The web gates its features on it; absent means a MinIO-compatible server as `distributedMode`
 * describes it.
 */
export const ServerCapabilitiesSchema = z
  .object({
    adminApi: z
      .boolean()
      .describe("MinIO's admin API (users, groups, policies, service accounts, Access Audit, quota, usage)"),
    sts: z
      .boolean()
      .describe('Temporary credentials from STS AssumeRole; false: the session signs with the keys'),
    versioning: z.boolean().describe('Bucket versioning can be switched on (S3)'),
    objectLocking: z.boolean().describe('Buckets with object locking and default retention can be made (S3)'),
    quota: z.boolean().describe('Bucket quotas (admin API, erasure-coded backend)'),
    usage: z.boolean().describe('The server reports bucket sizes; false: sizes are unknown'),
  })
  .meta({ id: 'ServerCapabilities' });

export const SessionResponseSchema = z
  .object({
    status: z.literal('ok'),
    pages: z.array(z.string()).describe('Paths of the pages this account may open (spec 1 §2 side menu)'),
    features: z.array(z.string()).describe("Optional features switched on, e.g. 'log-search'"),
    operator: z.boolean().describe('An operator session (operator mode): tenants and storage pages'),
    distributedMode: z.boolean().describe('Erasure-coded backend with more than one drive'),
    capabilities: ServerCapabilitiesSchema.optional(),
  })
  .meta({ id: 'Session' });

export const PermissionCheckSchema = z.object({
  id: z.string().describe("The caller's name for this check, echoed back"),
  action: z.string().min(1).describe('An IAM action, e.g. s3:CreateBucket'),
  bucket_name: z.string().optional().describe('Checks the action on this bucket; account-level without'),
  prefix: z
    .string()
    .optional()
    .describe('With bucket_name: checks an object action on the objects under this prefix (bucket/prefix*)'),
});

export const HasPermissionRequestSchema = z
  .object({ actions: z.array(PermissionCheckSchema).max(1000) })
  .meta({ id: 'HasPermissionRequest' });

export const HasPermissionResponseSchema = z
  .object({ permissions: z.array(z.object({ id: z.string(), can: z.boolean() })) })
  .meta({ id: 'HasPermissionResponse' });

export type LoginStrategy = z.infer<typeof LoginStrategySchema>;
export type LoginStrategyResponse = z.infer<typeof LoginStrategyResponseSchema>;
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
export type OperatorLoginRequest = z.infer<typeof OperatorLoginRequestSchema>;
export type OAuth2AuthRequest = z.infer<typeof OAuth2AuthRequestSchema>;
export type OAuth2AuthResponse = z.infer<typeof OAuth2AuthResponseSchema>;
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
export type ServerCapabilities = z.infer<typeof ServerCapabilitiesSchema>;
export type PermissionCheck = z.infer<typeof PermissionCheckSchema>;
export type HasPermissionRequest = z.infer<typeof HasPermissionRequestSchema>;
export type HasPermissionResponse = z.infer<typeof HasPermissionResponseSchema>;
