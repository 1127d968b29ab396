/**
 * Server-side printing: the `meta.k8s.io/v1 Table` form kubectl asks for on `get`, with the
 * columns `kubectl get` shows for the kinds the console works with (Tenants show State, as the
 * operator's printer column does). Other kinds get Name and Age.
 */
import type { ResourceType } from './resources.js';
import type { KubeObject } from './store.js';

type Column = { name: string; type: string; format?: string; description?: string };
type Cell = (o: KubeObject) => unknown;

function age(o: KubeObject): string {
  const created = Date.parse(o.metadata.creationTimestamp ?? '');
  if (Number.isNaN(created)) return '<unknown>';
  const s = Math.max(0, Math.floor((Date.now() - created) / 1000));
  if (s < 120) return `${s}s`;
  if (s < 7200) return `${Math.floor(s / 60)}m`;
  if (s < 172800) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

const path = (o: KubeObject, p: string): unknown =>
  p
    .split('.')
    .reduce<unknown>(
      (cur, k) => (cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined),
      o,
    );

const COLUMNS: Record<string, [Column, Cell][]> = {
  tenants: [
    [{ name: 'State', type: 'string' }, (o) => path(o, 'status.currentState') ?? ''],
    [{ name: 'Health', type: 'string' }, (o) => path(o, 'status.healthStatus') ?? ''],
  ],
  pods: [
    [{ name: 'Status', type: 'string' }, (o) => path(o, 'status.phase') ?? ''],
    [{ name: 'Restarts', type: 'integer' }, (o) => path(o, 'status.containerStatuses.0.restartCount') ?? 0],
    [{ name: 'Node', type: 'string' }, (o) => path(o, 'spec.nodeName') ?? '<none>'],
  ],
  persistentvolumeclaims: [
    [{ name: 'Status', type: 'string' }, (o) => path(o, 'status.phase') ?? ''],
    [{ name: 'Volume', type: 'string' }, (o) => path(o, 'spec.volumeName') ?? ''],
    [{ name: 'Capacity', type: 'string' }, (o) => path(o, 'status.capacity.storage') ?? ''],
    [{ name: 'StorageClass', type: 'string' }, (o) => path(o, 'spec.storageClassName') ?? ''],
  ],
  services: [
    [{ name: 'Type', type: 'string' }, (o) => path(o, 'spec.type') ?? ''],
    [{ name: 'Cluster-IP', type: 'string' }, (o) => path(o, 'spec.clusterIP') ?? ''],
  ],
  namespaces: [[{ name: 'Status', type: 'string' }, (o) => path(o, 'status.phase') ?? '']],
  nodes: [[{ name: 'Status', type: 'string' }, () => 'Ready']],
  directcsidrives: [
    [{ name: 'Node', type: 'string' }, (o) => path(o, 'status.nodeName') ?? ''],
    [{ name: 'Path', type: 'string' }, (o) => path(o, 'status.path') ?? ''],
    [{ name: 'Status', type: 'string' }, (o) => path(o, 'status.driveStatus') ?? ''],
    [{ name: 'Filesystem', type: 'string' }, (o) => path(o, 'status.filesystem') ?? ''],
  ],
};

export function toTable(type: ResourceType, items: KubeObject[], resourceVersion: string): unknown {
  const extra = COLUMNS[type.plural] ?? [];
  const columnDefinitions: Column[] = [
    { name: 'Name', type: 'string', format: 'name', description: 'Name must be unique within a namespace.' },
    ...extra.map(([c]) => c),
    { name: 'Age', type: 'string', description: 'Time since creation.' },
  ];
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion },
    columnDefinitions,
    rows: items.map((o) => ({
      cells: [o.metadata.name, ...extra.map(([, cell]) => cell(o)), age(o)],
      object: { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: o.metadata },
    })),
  };
}

/** Whether the Accept header asks for the Table form (kubectl's `as=Table;g=meta.k8s.io`). */
export function wantsTable(accept: string | undefined): boolean {
  return accept !== undefined && /as=Table/.test(accept) && /g=meta\.k8s\.io/.test(accept);
}
