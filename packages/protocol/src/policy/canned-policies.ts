/**
 * MinIO's built-in ("canned") policies, as documents (minio/pkg v3.1.3 `policy/constants.go`,
 * wire doc appendix B). Root, and any caller when an authorization plugin is in use, has
 * `consoleAdmin` as its effective policy.
 */
import { POLICY_VERSION, type Policy } from './types.js';

const ALL_S3_RESOURCES = ['arn:aws:s3:::*'];

/** Everything: admin, KMS and S3 on every bucket. */
export const CONSOLE_ADMIN_POLICY: Policy = {
  Version: POLICY_VERSION,
  Statement: [
    { Effect: 'Allow', Action: ['admin:*'] },
    { Effect: 'Allow', Action: ['kms:*'] },
    { Effect: 'Allow', Action: ['s3:*'], Resource: ALL_S3_RESOURCES },
  ],
};

/** Read objects (and bucket locations) in every bucket. */
export const READ_ONLY_POLICY: Policy = {
  Version: POLICY_VERSION,
  Statement: [
    { Effect: 'Allow', Action: ['s3:GetBucketLocation', 's3:GetObject'], Resource: ALL_S3_RESOURCES },
  ],
};

/** Every S3 action on every bucket. */
export const READ_WRITE_POLICY: Policy = {
  Version: POLICY_VERSION,
  Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ALL_S3_RESOURCES }],
};

/** Upload objects to every bucket, nothing else. */
export const WRITE_ONLY_POLICY: Policy = {
  Version: POLICY_VERSION,
  Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: ALL_S3_RESOURCES }],
};

/** The monitoring and diagnostic admin calls. */
export const DIAGNOSTICS_POLICY: Policy = {
  Version: POLICY_VERSION,
  Statement: [
    {
      Effect: 'Allow',
      Action: [
        'admin:ServerTrace',
        'admin:Profiling',
        'admin:ConsoleLog',
        'admin:ServerInfo',
        'admin:TopLocksInfo',
        'admin:OBDInfo',
        'admin:BandwidthMonitor',
        'admin:Prometheus',
      ],
      Resource: ['arn:minio:admin:::*'],
    },
  ],
};

/** The built-in policies by the names MinIO lists them under. */
export const CANNED_POLICIES: Readonly<Record<string, Policy>> = {
  consoleAdmin: CONSOLE_ADMIN_POLICY,
  readonly: READ_ONLY_POLICY,
  readwrite: READ_WRITE_POLICY,
  writeonly: WRITE_ONLY_POLICY,
  diagnostics: DIAGNOSTICS_POLICY,
};
