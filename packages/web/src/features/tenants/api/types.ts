/**
 * The tenant screens' view of spec 3 §3's entities (Tenant list and detail, Pool, Pod, Pod event,
 * security settings), field names as the spec gives them. The contract's answers are assigned to
 * these, so a contract that drifts from the spec fails to compile here.
 */
export type HealthStatus = string;

export interface TenantListItem {
  name: string;
  namespace: string;
  total_size?: number;
  pool_count?: number;
  health_status?: HealthStatus;
  currentState?: string;
}

export interface TenantPool {
  name: string;
  servers: number;
  volumes_per_server: number;
  volume_configuration: { size: number; storage_class_name?: string; labels?: Record<string, string> };
}

export interface TenantLicense {
  organization: string;
  storage_capacity: number;
  expires_at: string;
  plan: string;
  email: string;
}

export interface TenantDetail {
  name: string;
  namespace: string;
  image?: string;
  console_image?: string;
  total_size?: number;
  pools?: TenantPool[];
  endpoints?: { minio?: string; console?: string };
  currentState?: string;
  status?: {
    health_status?: HealthStatus;
    drives_online?: number;
    drives_offline?: number;
    write_quorum?: number;
  };
  logEnabled?: boolean;
  monitoringEnabled?: boolean;
  encryptionEnabled?: boolean;
  minioTLS?: boolean;
  consoleTLS?: boolean;
  consoleEnabled?: boolean;
  idpAdEnabled?: boolean;
  idpOidcEnabled?: boolean;
  subnet_license?: TenantLicense;
}

export interface TenantPod {
  name: string;
  status: string;
  timeCreated: number;
  podIP?: string;
  restarts?: number;
  node?: string;
}

export interface PodEvent {
  namespace: string;
  last_seen: number;
  message: string;
  event_type: string;
  reason: string;
}

export interface CertificateInfo {
  name: string;
  domains: string[];
  expiry: string;
}

export interface TenantSecurity {
  autoCert: boolean;
  customCertificates: {
    minio?: CertificateInfo[];
    minioCAs?: CertificateInfo[];
    console?: CertificateInfo[];
    consoleCAs?: CertificateInfo[];
  };
}

export interface KeyPair {
  crt: string;
  key: string;
}

export interface TenantSecurityUpdate {
  autoCert: boolean;
  customCertificates: {
    secretsToBeDeleted: string[];
    minio: KeyPair[];
    minioCAs: string[];
    console: KeyPair[];
    consoleCAs: string[];
  };
}

export interface AddPoolRequest {
  name: string;
  servers: number;
  volumes_per_server: number;
  volume_configuration: { size: number; storage_class_name: string; labels?: Record<string, string> };
  affinity?: unknown;
}

/** A tenant is addressed by namespace and name everywhere. */
export interface TenantRef {
  namespace: string;
  name: string;
}
