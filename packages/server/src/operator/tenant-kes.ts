/**
 * The KES server configuration a tenant's encryption step writes (`server-config.yaml` in
 * `<t>-secret-kes-configuration`; reference operator-mode.md §2.2 step 6): KES listens on 7373,
 * lets the MinIO identity (the SHA-256 of the client certificate's public key, or the operator's
 * `${MINIO_KES_IDENTITY}` with automatic certificates) create, generate and decrypt keys under
 * `my-minio-key`, and keeps them in the chosen key store (Vault, AWS Secrets Manager, GCP Secret
 * Manager or Gemalto KeySecure).
 */
import { X509Certificate, createHash } from 'node:crypto';
import { dumpYaml } from '@kubernetes/client-node';
import type { TenantEncryption } from '@coffer/contract';

/** KES's identity of a client certificate: hex SHA-256 of its DER public key. */
function identityOf(crtPem: string): string {
  const key = new X509Certificate(crtPem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(key).digest('hex');
}

function keystore(enc: TenantEncryption): Record<string, unknown> {
  if (enc.aws) {
    const s = enc.aws.secretsmanager;
    return {
      aws: {
        secretsmanager: {
          endpoint: s.endpoint,
          region: s.region,
          kmskey: s.kmskey ?? '',
          credentials: {
            accesskey: s.credentials.accesskey,
            secretkey: s.credentials.secretkey,
            token: s.credentials.token ?? '',
          },
        },
      },
    };
  }
  if (enc.gcp) {
    const s = enc.gcp.secretmanager;
    return {
      gcp: {
        secretmanager: {
          project_id: s.project_id,
          endpoint: s.endpoint ?? '',
          credentials: s.credentials ?? {},
        },
      },
    };
  }
  if (enc.gemalto) {
    const k = enc.gemalto.keysecure;
    return {
      gemalto: {
        keysecure: {
          endpoint: k.endpoint,
          credentials: {
            token: k.credentials.token,
            domain: k.credentials.domain,
            retry: `${k.credentials.retry ?? 0}s`,
          },
          tls: { ca: k.tls?.ca ? '/tmp/kes/ca.crt' : '' },
        },
      },
    };
  }
  const v = enc.vault;
  if (!v) return { fs: { path: '/tmp/kes/keys' } };
  return {
    vault: {
      endpoint: v.endpoint,
      engine: v.engine ?? '',
      namespace: v.namespace ?? '',
      prefix: v.prefix ?? '',
      approle: {
        engine: v.approle.engine ?? '',
        id: v.approle.id,
        secret: v.approle.secret,
        retry: `${v.approle.retry ?? 0}s`,
      },
      status: { ping: `${v.status?.ping ?? 10}s` },
    },
  };
}

export function kesServerConfig(enc: TenantEncryption, clientCrtPem?: string): string {
  const identity = clientCrtPem !== undefined ? identityOf(clientCrtPem) : '${MINIO_KES_IDENTITY}';
  return dumpYaml({
    address: '0.0.0.0:7373',
    root: 'disabled',
    tls: { key: '/tmp/kes/server.key', cert: '/tmp/kes/server.crt' },
    policy: {
      'my-policy': {
        paths: [
          '/v1/key/create/my-minio-key*',
          '/v1/key/generate/my-minio-key*',
          '/v1/key/decrypt/my-minio-key*',
        ],
        identities: [identity],
      },
    },
    cache: { expiry: { any: '5m0s', unused: '20s' } },
    log: { error: 'on', audit: 'off' },
    keys: keystore(enc),
  });
}
