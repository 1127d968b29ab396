/**
 * The Create New Tenant payload (spec 3 §3 "Create tenant payload", the wizard form data it is
 * built from) and its answer. The server turns it into Kubernetes objects in the order the 2021
 * console did (reference operator-mode.md §2.2): creds secret, user secrets, TLS secrets, the
 * env-configuration secret, then the Tenant.
 */
import { z } from 'zod';
import { KeyPairSchema, PoolSchema, TENANT_NAME_MESSAGE, TENANT_NAME_PATTERN } from './tenants.js';

/** Built-in keys: letters, digits and dash, 8 to 63 (spec 3 §5 "Identity provider"). */
export const KEY_PATTERN = /^[A-Za-z0-9-]{8,63}$/;
export const KEY_MESSAGE = 'Keys must be at least length 8';

const text = (max = 1024) => z.string().max(max);

export const IdpSchema = z.object({
  keys: z
    .array(
      z.object({
        access_key: z.string().regex(KEY_PATTERN, KEY_MESSAGE),
        secret_key: z.string().regex(KEY_PATTERN, KEY_MESSAGE),
      }),
    )
    .max(100)
    .optional(),
  oidc: z
    .object({
      url: text(2048).optional(),
      configuration_url: text(2048).min(1),
      client_id: text().min(1),
      secret_id: text().min(1),
      claim_name: text().min(1),
      callback_url: text(2048).optional(),
      scopes: text().optional(),
    })
    .optional(),
  active_directory: z
    .object({
      url: text(2048).min(1).describe('The LDAP server address'),
      skip_tls_verification: z.boolean().optional(),
      server_insecure: z.boolean().optional(),
      server_start_tls: z.boolean().optional(),
      username_format: text().optional(),
      username_search_filter: text().optional(),
      group_search_base_dn: text().optional(),
      group_search_filter: text().optional(),
      group_name_attribute: text().optional(),
      user_dns: z.array(text().min(1)).max(100).optional().describe('Admin DNs: one console user each'),
      lookup_bind_dn: text().optional(),
      lookup_bind_password: text().optional(),
      user_dn_search_base_dn: text().optional(),
      user_dn_search_filter: text().optional(),
    })
    .optional(),
});

const retry = z.number().int().min(0).optional().describe('Seconds, 0 or greater');

export const EncryptionSchema = z.object({
  image: text().optional(),
  replicas: text().optional(),
  client: KeyPairSchema.optional(),
  server: KeyPairSchema.optional(),
  gemalto: z
    .object({
      keysecure: z.object({
        endpoint: text(2048).min(1),
        credentials: z.object({ token: text(4096).min(1), domain: text().min(1), retry }),
        tls: z.object({ ca: text(65_536) }).optional(),
      }),
    })
    .optional(),
  aws: z
    .object({
      secretsmanager: z.object({
        endpoint: text(2048).min(1),
        region: text().min(1),
        kmskey: text().optional(),
        credentials: z.object({
          accesskey: text().min(1),
          secretkey: text().min(1),
          token: text(4096).optional(),
        }),
      }),
    })
    .optional(),
  gcp: z
    .object({
      secretmanager: z.object({
        project_id: text().min(1),
        endpoint: text(2048).optional(),
        credentials: z
          .object({
            client_email: text().optional(),
            client_id: text().optional(),
            private_key_id: text().optional(),
            private_key: text(16_384).optional(),
          })
          .optional(),
      }),
    })
    .optional(),
  vault: z
    .object({
      endpoint: text(2048).min(1),
      engine: text().optional(),
      namespace: text().optional(),
      prefix: text().optional(),
      approle: z.object({ engine: text().optional(), id: text().min(1), secret: text().min(1), retry }),
      tls: z
        .object({ key: text(65_536), crt: text(65_536), ca: text(65_536) })
        .partial()
        .optional(),
      status: z.object({ ping: retry }).optional(),
    })
    .optional(),
});

export const CreateTenantRequestSchema = z
  .object({
    name: z.string().regex(TENANT_NAME_PATTERN, TENANT_NAME_MESSAGE),
    namespace: z.string().min(1, 'Field cannot be empty').max(63),
    access_key: text().default('').describe("Root access key; '' generates 16 characters"),
    secret_key: text().default('').describe("Root secret key; '' generates 32 characters"),
    access_keys: z.array(text()).max(100).default([]).describe('Sent empty by the wizard'),
    secret_keys: z.array(text()).max(100).default([]).describe('Sent empty by the wizard'),
    enable_tls: z.boolean().default(true),
    enable_console: z.boolean().default(true),
    enable_prometheus: z.boolean().default(true),
    service_name: text().default(''),
    image: text(512).default('').describe("'' uses the default MinIO image"),
    console_image: text(512).default(''),
    expose_minio: z.boolean().default(true),
    expose_console: z.boolean().default(true),
    pools: z.array(PoolSchema).length(1).describe('Exactly one pool (pool-0)'),
    erasureCodingParity: z
      .number()
      .int()
      .min(0)
      .max(8)
      .default(0)
      .describe('0: MinIO’s default; otherwise 2..8 (EC:<n>)'),
    image_registry: z
      .object({ registry: text(512).min(1), username: text(512).min(1), password: text(4096).min(1) })
      .optional(),
    image_pull_secret: text(253).optional(),
    annotations: z.record(z.string(), z.string()).optional(),
    labels: z.record(z.string(), z.string()).optional(),
    logSearchConfiguration: z
      .object({
        image: text(512).optional(),
        postgres_image: text(512).optional(),
        storageClass: text(253).optional(),
        storageSize: z.number().int().positive().optional().describe('Gi'),
      })
      .optional(),
    prometheusConfiguration: z
      .object({
        image: text(512).optional(),
        storageClass: text(253).optional(),
        storageSize: z.number().int().positive().optional().describe('Gi'),
      })
      .optional(),
    tls: z
      .object({
        minio: z.array(KeyPairSchema).max(50).default([]),
        console: KeyPairSchema.optional(),
        ca_certificates: z.array(text(65_536)).max(50).default([]),
        console_ca_certificates: z.array(text(65_536)).max(50).default([]),
      })
      .optional(),
    encryption: EncryptionSchema.optional(),
    idp: IdpSchema.optional(),
  })
  .meta({ id: 'CreateTenantRequest' });

export const TenantCredentialsSchema = z.object({ access_key: z.string(), secret_key: z.string() });

export const CreateTenantResponseSchema = z
  .object({
    externalIDP: z.boolean().describe('Users come from an identity provider: no console keys'),
    console: z.array(TenantCredentialsSchema).describe('The generated console credentials'),
  })
  .meta({ id: 'CreateTenantResponse' });

export type CreateTenantRequest = z.infer<typeof CreateTenantRequestSchema>;
export type CreateTenantRequestInput = z.input<typeof CreateTenantRequestSchema>;
export type CreateTenantResponse = z.infer<typeof CreateTenantResponseSchema>;
export type TenantIdp = z.infer<typeof IdpSchema>;
export type TenantEncryption = z.infer<typeof EncryptionSchema>;
