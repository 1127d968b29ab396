/**
 * Operator mode's tenant calls (spec 3 §3 entities, §7 "Tenants"): the tenant list, the create
 * payload, tenant detail, pools, pods with their logs and events, YAML, usage, security, the
 * namespace and quota checks of the wizard, node labels, memory and parity. Field names exactly as
 * the spec (and the 2021 console it describes) spells them — snake_case and camelCase mixed.
 *
 * Sizes are bytes as JSON numbers. Kubernetes can report quantities beyond 2^53 (an unlimited
 * quota is 2^63 − 1); such values are clamped to Number.MAX_SAFE_INTEGER by the server.
 */
import { z } from 'zod';

/** A Kubernetes object name (RFC 1123 label: what namespaces, tenants and pods are named). */
const k8sName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, 'a lowercase RFC 1123 name');

/** The tenant name rule of spec 3 §5 "Tenant name and namespace". */
export const TENANT_NAME_PATTERN = /^[a-z0-9-]{3,63}$/;
export const TENANT_NAME_MESSAGE = "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3";

export const NamespaceParamsSchema = z.object({ namespace: k8sName });
export const TenantParamsSchema = z.object({ namespace: k8sName, tenant: k8sName });
export const PodParamsSchema = z.object({ namespace: k8sName, tenant: k8sName, pod: k8sName });

// --- Kubernetes scheduling shapes the wizard and Add Pool send (spec 3 §3 "Pod affinity") ---

export const LabelSelectorRequirementSchema = z.object({
  key: z.string().min(1),
  operator: z.enum(['In', 'NotIn', 'Exists', 'DoesNotExist']),
  values: z.array(z.string()).optional(),
});

export const PodAffinityTermSchema = z.object({
  labelSelector: z.object({
    matchExpressions: z.array(LabelSelectorRequirementSchema).optional(),
    matchLabels: z.record(z.string(), z.string()).optional(),
  }),
  topologyKey: z.string().min(1),
  namespaces: z.array(z.string()).optional(),
});

export const NodeSelectorTermSchema = z.object({
  matchExpressions: z
    .array(
      z.object({
        key: z.string().min(1),
        operator: z.enum(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']),
        values: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

/** Required-only affinity: the default anti-affinity and the nodeSelector mode of the wizard. */
export const AffinitySchema = z
  .object({
    nodeAffinity: z
      .object({
        requiredDuringSchedulingIgnoredDuringExecution: z.object({
          nodeSelectorTerms: z.array(NodeSelectorTermSchema),
        }),
      })
      .optional(),
    podAffinity: z
      .object({ requiredDuringSchedulingIgnoredDuringExecution: z.array(PodAffinityTermSchema) })
      .optional(),
    podAntiAffinity: z
      .object({ requiredDuringSchedulingIgnoredDuringExecution: z.array(PodAffinityTermSchema) })
      .optional(),
  })
  .meta({ id: 'Affinity' });

const ResourceAmountsSchema = z.object({
  memory: z.number().int().nonnegative().optional().describe('Bytes'),
  cpu: z.number().nonnegative().optional().describe('Cores'),
});

export const PoolResourcesSchema = z.object({
  requests: ResourceAmountsSchema.optional(),
  limits: ResourceAmountsSchema.optional(),
});

export const TolerationSchema = z.object({
  key: z.string().optional(),
  operator: z.enum(['Exists', 'Equal']).optional(),
  value: z.string().optional(),
  effect: z.enum(['NoSchedule', 'PreferNoSchedule', 'NoExecute']).optional(),
  tolerationSeconds: z.number().int().optional(),
});

/** A pool (spec 3 §3 "Pool"), as sent when creating a tenant or adding a pool and as read back. */
export const PoolSchema = z
  .object({
    name: z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/)
      .max(63),
    servers: z.number().int().min(1).max(1000),
    volumes_per_server: z.number().int().min(1).max(1000),
    volume_configuration: z.object({
      size: z.number().int().positive().describe('Bytes per volume (Add Pool enters Gi: ×1073741824)'),
      storage_class_name: z.string().max(253).optional(),
      labels: z.record(z.string(), z.string()).optional(),
    }),
    resources: PoolResourcesSchema.optional(),
    affinity: AffinitySchema.optional(),
    tolerations: z.array(TolerationSchema).optional(),
    node_selector: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Pool' });

// --- Tenant list and detail ---

export const TenantListItemSchema = z
  .object({
    name: z.string(),
    namespace: z.string(),
    creation_date: z.string().describe('ISO 8601'),
    total_size: z.number().describe('Σ servers × volumes × volume size (bytes)'),
    pool_count: z.number().int(),
    instance_count: z.number().int().describe('Σ servers'),
    volume_count: z.number().int().describe('Σ servers × volumes_per_server'),
    health_status: z.string().describe("red, yellow, green, or '' before the first health check"),
    currentState: z.string().describe("The operator's free-text state; '' until reconciled"),
    capacity_raw: z.number().optional(),
    capacity_raw_usage: z.number().optional(),
    capacity: z.number().optional(),
    capacity_usage: z.number().optional(),
  })
  .meta({ id: 'TenantListItem' });

export const ListTenantsResponseSchema = z
  .object({ tenants: z.array(TenantListItemSchema) })
  .meta({ id: 'ListTenantsResponse' });

export const SubnetLicenseSchema = z.object({
  organization: z.string(),
  storage_capacity: z.number().describe('TiB'),
  expires_at: z.string().describe('YYYY-MM-DD'),
  plan: z.string(),
  email: z.string(),
});

export const TenantDetailSchema = z
  .object({
    name: z.string(),
    namespace: z.string(),
    creation_date: z.string(),
    deletion_date: z.string().optional(),
    image: z.string(),
    console_image: z.string(),
    total_size: z.number(),
    pools: z.array(PoolSchema),
    endpoints: z.object({ minio: z.string().optional(), console: z.string().optional() }),
    currentState: z.string(),
    status: z.object({
      health_status: z.string(),
      drives_online: z.number().int(),
      drives_offline: z.number().int(),
      drives_healing: z.number().int(),
      write_quorum: z.number().int(),
      usage: z
        .object({
          raw: z.number().optional(),
          raw_usage: z.number().optional(),
          capacity: z.number().optional(),
          capacity_usage: z.number().optional(),
        })
        .optional(),
    }),
    logEnabled: z.boolean(),
    monitoringEnabled: z.boolean(),
    encryptionEnabled: z.boolean(),
    minioTLS: z.boolean(),
    consoleTLS: z.boolean(),
    consoleEnabled: z.boolean(),
    idpAdEnabled: z.boolean(),
    idpOidcEnabled: z.boolean(),
    enable_prometheus: z.boolean(),
    subnet_license: SubnetLicenseSchema.optional(),
  })
  .meta({ id: 'TenantDetail' });

/** Update MinIO Version dialog (spec 3 §7: PUT tenant). Empty image: the default image. */
export const UpdateTenantRequestSchema = z
  .object({
    image: z.string().max(512).default(''),
    console_image: z.string().max(512).default(''),
    enable_prometheus: z.boolean().default(true),
    image_registry: z
      .object({
        registry: z.string().min(1).max(512),
        username: z.string().min(1).max(512),
        password: z.string().min(1).max(4096),
      })
      .optional(),
  })
  .meta({ id: 'UpdateTenantRequest' });

export const DeleteTenantQuerySchema = z.object({
  delete_pvcs: z.stringbool().default(false).describe("Also delete the tenant's volumes (PVCs) and secrets"),
});

export const TenantYamlSchema = z
  .object({
    yaml: z
      .string()
      .min(1)
      .max(1 << 20),
  })
  .meta({ id: 'TenantYaml' });

export const TenantUsageSchema = z
  .object({
    disk_used: z.number().describe('Bytes used on the tenant (its storage server)'),
    capacity: z.number().optional(),
  })
  .meta({ id: 'TenantUsage' });

// --- Security (spec 3 §3 "Existing tenant security settings") ---

export const CertificateInfoSchema = z.object({
  name: z.string().describe('The secret holding it'),
  serialNumber: z.string(),
  domains: z.array(z.string()),
  expiry: z.string().describe('ISO 8601 (NotAfter); shown as YYYY-MM-DD'),
});

export const TenantSecuritySchema = z
  .object({
    autoCert: z.boolean(),
    customCertificates: z.object({
      minio: z.array(CertificateInfoSchema),
      minioCAs: z.array(CertificateInfoSchema),
      console: z.array(CertificateInfoSchema),
      consoleCAs: z.array(CertificateInfoSchema),
    }),
  })
  .meta({ id: 'TenantSecurity' });

/** A PEM pair or certificate, each base64 of the PEM text. */
export const KeyPairSchema = z.object({ crt: z.string().max(65_536), key: z.string().max(65_536) });

export const UpdateTenantSecurityRequestSchema = z
  .object({
    autoCert: z.boolean(),
    customCertificates: z.object({
      secretsToBeDeleted: z.array(z.string().max(253)).max(100).default([]),
      minio: z.array(KeyPairSchema).max(50).default([]),
      minioCAs: z.array(z.string().max(65_536)).max(50).default([]),
      console: z.array(KeyPairSchema).max(50).default([]),
      consoleCAs: z.array(z.string().max(65_536)).max(50).default([]),
    }),
  })
  .meta({ id: 'UpdateTenantSecurityRequest' });

// --- Pods ---

export const PodSchema = z
  .object({
    name: z.string(),
    status: z.string().describe('The pod phase'),
    timeCreated: z.number().describe('Unix seconds'),
    podIP: z.string(),
    restarts: z.number().int(),
    node: z.string(),
  })
  .meta({ id: 'Pod' });

export const PodEventSchema = z
  .object({
    namespace: z.string(),
    last_seen: z.number().describe('Epoch seconds'),
    message: z.string(),
    event_type: z.string(),
    reason: z.string(),
  })
  .meta({ id: 'PodEvent' });

export const PodLogsSchema = z
  .object({ log: z.string().describe("The pod's MinIO container log; the screen splits it into lines") })
  .meta({ id: 'PodLogs' });

// --- Wizard helpers ---

export const CreateNamespaceRequestSchema = z
  .object({ name: k8sName.max(63) })
  .meta({ id: 'CreateNamespace' });

export const ResourceQuotaParamsSchema = z.object({ namespace: k8sName, name: k8sName });

export const ResourceQuotaSchema = z
  .object({
    name: z.string(),
    elements: z.array(
      z.object({
        name: z.string().describe('<storage class>.storageclass.storage.k8s.io/requests.storage'),
        hard: z.number(),
        used: z.number(),
      }),
    ),
  })
  .meta({ id: 'ResourceQuota' });

export const MaxAllocatableMemoryQuerySchema = z.object({
  num_nodes: z.coerce.number().int().min(1).max(10_000),
});

export const MaxAllocatableMemorySchema = z
  .object({ max_memory: z.number().describe('Bytes') })
  .meta({ id: 'MaxAllocatableMemory' });

export const ParityParamsSchema = z.object({
  nodes: z.coerce.number().int().min(1).max(10_000),
  disksPerNode: z.coerce.number().int().min(1).max(10_000),
});

export const ParityListSchema = z
  .array(z.string().regex(/^EC:\d+$/))
  .describe('Highest parity first, EC:2 last')
  .meta({ id: 'ParityList' });

export const NodeLabelsSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'NodeLabels' });

export type TenantListItem = z.infer<typeof TenantListItemSchema>;
export type ListTenantsResponse = z.infer<typeof ListTenantsResponseSchema>;
export type TenantDetail = z.infer<typeof TenantDetailSchema>;
export type Pool = z.infer<typeof PoolSchema>;
export type Affinity = z.infer<typeof AffinitySchema>;
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequestSchema>;
export type TenantSecurity = z.infer<typeof TenantSecuritySchema>;
export type UpdateTenantSecurityRequest = z.infer<typeof UpdateTenantSecurityRequestSchema>;
export type Pod = z.infer<typeof PodSchema>;
export type PodEvent = z.infer<typeof PodEventSchema>;
export type ResourceQuota = z.infer<typeof ResourceQuotaSchema>;
export type SubnetLicense = z.infer<typeof SubnetLicenseSchema>;
