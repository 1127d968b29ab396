/**
 * The wizard's cluster questions (spec 3 §7): creating a namespace, a namespace's storage quota
 * per storage class, the nodes' labels, and the memory each of N nodes can give a MinIO pod
 * (reference operator-mode.md §4.4, the 2021 console's getMaxAllocatableMemory).
 */
import type { V1Node } from '@kubernetes/client-node';
import type { ResourceQuota } from '@coffer/contract';
import { invalidRequest } from '../errors.js';
import { isK8sStatus, k8s, k8sError } from './k8s-errors.js';
import type { K8sApis } from './k8s-client.js';
import { parseQuantity } from './quantity.js';

export async function createNamespace(apis: K8sApis, name: string): Promise<void> {
  await k8s(`Create namespace ${name}`, () =>
    apis.core.createNamespace({ body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } }),
  );
}

const finite = (n: number): number => (Number.isFinite(n) ? n : 0);

/**
 * A namespace's quota; without one (404), every storage class unlimited — after checking the
 * namespace exists, so a missing namespace answers not_found (the wizard then offers to create it).
 */
export async function storageQuota(apis: K8sApis, namespace: string, name: string): Promise<ResourceQuota> {
  try {
    const quota = await apis.core.readNamespacedResourceQuota({ name, namespace });
    const hard = quota.status?.hard ?? {};
    const used = quota.status?.used ?? {};
    return {
      name,
      elements: Object.keys(hard)
        .filter((k) => k in used)
        .map((k) => ({
          name: k,
          hard: finite(parseQuantity(hard[k])),
          used: finite(parseQuantity(used[k])),
        })),
    };
  } catch (err) {
    if (!isK8sStatus(err, 404)) throw k8sError(err, 'Storage quota');
  }
  await k8s(`Namespace ${namespace}`, () => apis.core.readNamespace({ name: namespace }));
  const classes = await k8s('Storage classes', () => apis.storage.listStorageClass());
  return {
    name,
    elements: classes.items.map((sc) => ({
      name: `${sc.metadata?.name ?? ''}.storageclass.storage.k8s.io/requests.storage`,
      hard: Number.MAX_SAFE_INTEGER,
      used: 0,
    })),
  };
}

export async function nodeLabels(apis: K8sApis): Promise<Record<string, string[]>> {
  const nodes = await k8s('List nodes', () => apis.core.listNode());
  const out = new Map<string, Set<string>>();
  for (const node of nodes.items) {
    for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
      const values = out.get(k) ?? new Set<string>();
      values.add(v);
      out.set(k, values);
    }
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, [...v].sort()]));
}

const taints = (n: V1Node) => n.spec?.taints ?? [];

/**
 * The largest memory (bytes) that `numNodes` schedulable nodes can each give: the numNodes-th
 * largest allocatable memory among nodes without NoSchedule/NoExecute taints.
 */
export function maxAllocatableMemory(nodes: readonly V1Node[], numNodes: number): number {
  if (numNodes < 4) throw invalidRequest('at least 4 nodes are required for a tenant');
  const total = nodes.length;
  const noSchedule = nodes.reduce((s, n) => s + taints(n).filter((t) => t.effect === 'NoSchedule').length, 0);
  const masters = nodes.reduce(
    (s, n) => s + taints(n).filter((t) => t.key === 'node-role.kubernetes.io/master').length,
    0,
  );
  if (numNodes > total)
    throw invalidRequest('cannot request more nodes than what is available in the cluster');
  if (numNodes > total - masters)
    throw invalidRequest('there are not enough nodes in the cluster to support this tenant');
  if (numNodes > total - noSchedule)
    throw invalidRequest('there is not enough schedulable nodes to satisfy this requirement');
  const memories = nodes
    .filter((n) => !taints(n).some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute'))
    .map((n) => finite(parseQuantity(n.status?.allocatable?.memory)))
    .sort((a, b) => a - b);
  const index = memories.length - numNodes;
  return index >= 0 ? (memories[index] ?? 0) : 0;
}

export async function getMaxAllocatableMemory(apis: K8sApis, numNodes: number): Promise<number> {
  const nodes = await k8s('List nodes', () => apis.core.listNode());
  return maxAllocatableMemory(nodes.items, numNodes);
}
