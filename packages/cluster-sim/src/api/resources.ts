/**
 * The resource table of the simulated API server: every group/version/resource it serves, with the
 * facts discovery publishes (kind, scope, short names, verbs) and the ones the handlers act on
 * (a status subresource, custom resource or built-in). Only what the console's operator mode and
 * kubectl need is here (docs/decisions: the cluster simulator record).
 */
export interface ResourceType {
  group: string;
  version: string;
  /** Plural name, the URL segment. */
  plural: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  shortNames?: string[];
  /** Has a `/status` subresource: the main resource ignores status changes, `/status` only them. */
  status?: boolean;
  /** A custom resource: updates need a resourceVersion; strategic merge patches are refused. */
  custom?: boolean;
  /** Only `create` (TokenReview): nothing is stored. */
  createOnly?: boolean;
  /** Extra subresources discovery lists (`pods/log`, `serviceaccounts/token`). */
  subresources?: { name: string; kind: string; verbs: string[] }[];
}

const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function core(
  plural: string,
  kind: string,
  namespaced: boolean,
  more: Partial<ResourceType> = {},
): ResourceType {
  return { group: '', version: 'v1', plural, singular: kind.toLowerCase(), kind, namespaced, ...more };
}

export const RESOURCES: ResourceType[] = [
  core('namespaces', 'Namespace', false, { shortNames: ['ns'], status: true }),
  core('nodes', 'Node', false, { shortNames: ['no'], status: true }),
  core('pods', 'Pod', true, {
    shortNames: ['po'],
    status: true,
    subresources: [{ name: 'log', kind: 'Pod', verbs: ['get'] }],
  }),
  core('events', 'Event', true, { shortNames: ['ev'] }),
  core('secrets', 'Secret', true),
  core('configmaps', 'ConfigMap', true, { shortNames: ['cm'] }),
  core('services', 'Service', true, { shortNames: ['svc'], status: true }),
  core('persistentvolumeclaims', 'PersistentVolumeClaim', true, { shortNames: ['pvc'], status: true }),
  core('persistentvolumes', 'PersistentVolume', false, { shortNames: ['pv'], status: true }),
  core('resourcequotas', 'ResourceQuota', true, { shortNames: ['quota'], status: true }),
  core('serviceaccounts', 'ServiceAccount', true, {
    shortNames: ['sa'],
    subresources: [{ name: 'token', kind: 'TokenRequest', verbs: ['create'] }],
  }),
  {
    group: 'apps',
    version: 'v1',
    plural: 'statefulsets',
    singular: 'statefulset',
    kind: 'StatefulSet',
    namespaced: true,
    shortNames: ['sts'],
    status: true,
  },
  {
    group: 'storage.k8s.io',
    version: 'v1',
    plural: 'storageclasses',
    singular: 'storageclass',
    kind: 'StorageClass',
    namespaced: false,
    shortNames: ['sc'],
  },
  ...(
    [
      ['roles', 'Role', true],
      ['rolebindings', 'RoleBinding', true],
      ['clusterroles', 'ClusterRole', false],
      ['clusterrolebindings', 'ClusterRoleBinding', false],
    ] as const
  ).map(([plural, kind, namespaced]) => ({
    group: 'rbac.authorization.k8s.io',
    version: 'v1',
    plural,
    singular: kind.toLowerCase(),
    kind,
    namespaced,
  })),
  {
    group: 'authentication.k8s.io',
    version: 'v1',
    plural: 'tokenreviews',
    singular: 'tokenreview',
    kind: 'TokenReview',
    namespaced: false,
    createOnly: true,
  },
  {
    group: 'authentication.k8s.io',
    version: 'v1',
    plural: 'selfsubjectreviews',
    singular: 'selfsubjectreview',
    kind: 'SelfSubjectReview',
    namespaced: false,
    createOnly: true,
  },
  {
    group: 'minio.min.io',
    version: 'v2',
    plural: 'tenants',
    singular: 'tenant',
    kind: 'Tenant',
    namespaced: true,
    shortNames: ['tenant'],
    status: true,
    custom: true,
  },
  {
    group: 'direct.csi.min.io',
    version: 'v1beta1',
    plural: 'directcsidrives',
    singular: 'directcsidrive',
    kind: 'DirectCSIDrive',
    namespaced: false,
    shortNames: ['dcsidrive'],
    custom: true,
  },
  {
    group: 'direct.csi.min.io',
    version: 'v1beta1',
    plural: 'directcsivolumes',
    singular: 'directcsivolume',
    kind: 'DirectCSIVolume',
    namespaced: false,
    shortNames: ['dcsivol'],
    custom: true,
  },
];

export function verbsOf(type: ResourceType): string[] {
  return type.createOnly ? ['create'] : ALL_VERBS;
}

/** `apiVersion` of a type: `v1` for the core group, `group/version` otherwise. */
export function apiVersionOf(type: ResourceType): string {
  return type.group === '' ? type.version : `${type.group}/${type.version}`;
}

/** The qualified resource name in messages: `pods`, `tenants.minio.min.io`. */
export function qualifiedName(type: ResourceType): string {
  return type.group === '' ? type.plural : `${type.plural}.${type.group}`;
}

/** The qualified kind in messages: `Pod`, `Tenant.minio.min.io`. */
export function qualifiedKind(type: ResourceType): string {
  return type.group === '' ? type.kind : `${type.kind}.${type.group}`;
}

export function findResource(group: string, version: string, plural: string): ResourceType | undefined {
  return RESOURCES.find((r) => r.group === group && r.version === version && r.plural === plural);
}

/** The resource type of a kind, for the simulator's own writes. */
export function resourceOfKind(kind: string): ResourceType {
  const type = RESOURCES.find((r) => r.kind === kind);
  if (type === undefined) throw new Error(`unknown kind ${kind}`);
  return type;
}

/** The groups discovery lists, in the order it lists them. */
export function groupVersions(): { group: string; version: string }[] {
  const seen = new Map<string, { group: string; version: string }>();
  for (const r of RESOURCES) seen.set(`${r.group}/${r.version}`, { group: r.group, version: r.version });
  return [...seen.values()];
}
