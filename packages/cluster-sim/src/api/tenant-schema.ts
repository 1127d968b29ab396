/**
 * Structural validation of `minio.min.io/v2` Tenants, from the facts of the operator's CRD schema
 * (v4.2.14, the 2021 operator, and optionally the latest v7 rules): types of the fields a console
 * sets, the required ones (`spec`, `spec.pools`, each pool's `servers`, `volumesPerServer`,
 * `volumeClaimTemplate`; the pool `name` in the latest CRD), quantities, and the latest CRD's CEL
 * immutability of a pool's servers and volumesPerServer. Unknown spec and pool fields are pruned
 * (the schema is structural and keeps no unknown fields), and reported for a Warning header or,
 * with `fieldValidation=Strict`, as an error. Written from the schema's facts, not copied from it.
 */
import { fieldInvalid, required, type StatusCause } from './status.js';

export type CrdFlavour = 'v4' | 'latest';

type Obj = Record<string, unknown>;
type Kind = 'string' | 'integer' | 'boolean' | 'object' | 'array' | 'map' | 'quantity' | 'any';

const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Spec fields with their JSON types (objects below this level are not checked further). */
function specFields(flavour: CrdFlavour): Record<string, Kind> {
  const common: Record<string, Kind> = {
    image: 'string',
    imagePullSecret: 'object',
    imagePullPolicy: 'string',
    pools: 'array',
    mountPath: 'string',
    subPath: 'string',
    configuration: 'object',
    env: 'array',
    users: 'array',
    requestAutoCert: 'boolean',
    certConfig: 'object',
    externalCertSecret: 'array',
    externalCaCertSecret: 'array',
    externalClientCertSecret: 'object',
    kes: 'object',
    exposeServices: 'object',
    serviceMetadata: 'object',
    podManagementPolicy: 'string',
    serviceAccountName: 'string',
    priorityClassName: 'string',
    liveness: 'object',
    readiness: 'object',
    sideCars: 'object',
    logging: 'object',
  };
  if (flavour === 'v4') {
    return {
      ...common,
      credsSecret: 'object',
      log: 'object',
      prometheus: 'object',
      prometheusOperator: 'object',
      s3: 'object',
    };
  }
  return {
    ...common,
    prometheusOperator: 'boolean',
    prometheusOperatorScrapeMetricsPaths: 'array',
    externalClientCertSecrets: 'array',
    features: 'object',
    buckets: 'array',
    startup: 'object',
    lifecycle: 'object',
    initContainers: 'array',
    additionalVolumes: 'array',
    additionalVolumeMounts: 'array',
    poolsMetadata: 'object',
    certExpiryAlertThreshold: 'integer',
  };
}

function poolFields(flavour: CrdFlavour): Record<string, Kind> {
  const common: Record<string, Kind> = {
    name: 'string',
    servers: 'integer',
    volumesPerServer: 'integer',
    volumeClaimTemplate: 'object',
    resources: 'object',
    nodeSelector: 'map',
    affinity: 'object',
    tolerations: 'array',
    securityContext: 'object',
    annotations: 'map',
    labels: 'map',
  };
  if (flavour === 'v4') return common;
  return {
    ...common,
    topologySpreadConstraints: 'array',
    containerSecurityContext: 'object',
    runtimeClassName: 'string',
    terminationGracePeriodSeconds: 'integer',
  };
}

/** A resource.Quantity as a string or a number (int-or-string). */
const QUANTITY = /^[+-]?(\d+(\.\d*)?|\.\d+)(([KMGTPE]i)|[numkMGTPE]|[eE][+-]?\d+)?$/;

function typeError(field: string, value: unknown, kind: Kind): StatusCause | undefined {
  const jsonType = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  const ok =
    kind === 'any' ||
    (kind === 'string' && typeof value === 'string') ||
    (kind === 'boolean' && typeof value === 'boolean') ||
    (kind === 'integer' && typeof value === 'number' && Number.isInteger(value)) ||
    ((kind === 'object' || kind === 'map') && isObject(value)) ||
    (kind === 'array' && Array.isArray(value)) ||
    (kind === 'quantity' &&
      (typeof value === 'number' || (typeof value === 'string' && QUANTITY.test(value))));
  if (ok) {
    if (kind === 'map') {
      for (const [k, v] of Object.entries(value as Obj)) {
        if (typeof v !== 'string')
          return fieldInvalid(
            `${field}.${k}`,
            v,
            `${field}.${k} in body must be of type string: "${typeof v}"`,
          );
      }
    }
    return undefined;
  }
  if (kind === 'quantity') {
    return fieldInvalid(field, value, `${field} in body must be of type integer,string: "${jsonType}"`);
  }
  const want = kind === 'map' ? 'object' : kind;
  return fieldInvalid(
    field,
    value,
    `${field} in body must be of type ${want}: "${jsonType === 'number' ? 'number' : jsonType}"`,
  );
}

export interface TenantCheck {
  causes: StatusCause[];
  /** Paths of pruned unknown fields (`spec.foo`). */
  unknown: string[];
}

/**
 * Validate a Tenant (and prune its unknown fields in place). `old` is the stored object on an
 * update, for the latest CRD's immutability rules.
 */
export function checkTenant(tenant: Obj, flavour: CrdFlavour, old?: Obj): TenantCheck {
  const causes: StatusCause[] = [];
  const unknown: string[] = [];
  const spec = tenant.spec;
  if (spec === undefined) return { causes: [required('spec')], unknown };
  const bad = typeError('spec', spec, 'object');
  if (bad !== undefined) return { causes: [bad], unknown };
  const s = spec as Obj;
  const fields = specFields(flavour);
  for (const [k, v] of Object.entries(s)) {
    const kind = fields[k];
    if (kind === undefined) {
      unknown.push(`spec.${k}`);
      delete s[k];
      continue;
    }
    if (v === null) continue;
    const err = typeError(`spec.${k}`, v, kind);
    if (err !== undefined) causes.push(err);
  }
  if (tenant.scheduler !== undefined) {
    const sch = tenant.scheduler;
    if (!isObject(sch)) causes.push(typeError('scheduler', sch, 'object') ?? required('scheduler'));
    else if (typeof sch.name !== 'string') causes.push(required('scheduler.name'));
  }
  for (const ref of [
    'credsSecret',
    'configuration',
    'imagePullSecret',
    'externalClientCertSecret',
  ] as const) {
    if (isObject(s[ref]) && ref === 'credsSecret' && typeof (s[ref] as Obj).name !== 'string')
      causes.push(required(`spec.${ref}.name`));
  }
  if (s.pools === undefined) causes.push(required('spec.pools'));
  else if (Array.isArray(s.pools)) checkPools(s.pools, flavour, causes, unknown, old);
  return { causes, unknown };
}

function checkPools(
  pools: unknown[],
  flavour: CrdFlavour,
  causes: StatusCause[],
  unknown: string[],
  old?: Obj,
): void {
  const fields = poolFields(flavour);
  const oldPools = ((old?.spec as Obj | undefined)?.pools ?? []) as Obj[];
  pools.forEach((pool, i) => {
    const at = `spec.pools[${i}]`;
    if (!isObject(pool)) {
      causes.push(fieldInvalid(at, pool, `${at} in body must be of type object: "${typeof pool}"`));
      return;
    }
    for (const [k, v] of Object.entries(pool)) {
      const kind = fields[k];
      if (kind === undefined) {
        unknown.push(`${at}.${k}`);
        delete pool[k];
        continue;
      }
      if (v === null) continue;
      const err = typeError(`${at}.${k}`, v, kind);
      if (err !== undefined) causes.push(err);
    }
    for (const req of ['servers', 'volumesPerServer', 'volumeClaimTemplate']) {
      if (pool[req] === undefined || pool[req] === null) causes.push(required(`${at}.${req}`));
    }
    if (flavour === 'latest') {
      if (typeof pool.name !== 'string') causes.push(required(`${at}.name`));
      else if (pool.name.length < 1)
        causes.push(
          fieldInvalid(`${at}.name`, pool.name, `${at}.name in body should be at least 1 chars long`),
        );
      const before = oldPools.find((p) => p.name === pool.name);
      if (before !== undefined) {
        if (before.servers !== pool.servers)
          causes.push(fieldInvalid(`${at}.servers`, pool.servers, 'servers is immutable'));
        if (before.volumesPerServer !== pool.volumesPerServer) {
          causes.push(
            fieldInvalid(`${at}.volumesPerServer`, pool.volumesPerServer, 'volumesPerServer is immutable'),
          );
        }
      }
    }
    const vct = pool.volumeClaimTemplate;
    if (isObject(vct)) {
      const storage = (
        (((vct.spec as Obj | undefined)?.resources as Obj | undefined)?.requests as Obj | undefined) ?? {}
      ).storage;
      if (storage !== undefined) {
        const err = typeError(
          `${at}.volumeClaimTemplate.spec.resources.requests.storage`,
          storage,
          'quantity',
        );
        if (err !== undefined) causes.push(err);
      }
    }
  });
}
