/**
 * A tenant's pods (spec 3 §7): the list, one pod's log and events, and deleting a pod (its
 * StatefulSet makes it again) — the 2021 console's calls (reference §2.1), with the latest
 * operator's two-container pods in mind: the log is the `minio` container's when there is one, and
 * restarts count that container.
 */
import type { V1Pod } from '@kubernetes/client-node';
import type { Pod, PodEvent } from '@coffer/contract';
import { ConsoleError } from '../errors.js';
import { k8s } from './k8s-errors.js';
import type { K8sApis } from './k8s-client.js';
import { TENANT_LABEL } from './tenant-resource.js';

const seconds = (d: Date | string | undefined): number =>
  d === undefined ? 0 : Math.floor(new Date(d).getTime() / 1000);

function podRow(p: V1Pod): Pod {
  const statuses = p.status?.containerStatuses ?? [];
  const minio = statuses.find((c) => c.name === 'minio') ?? statuses[0];
  return {
    name: p.metadata?.name ?? '',
    status: p.status?.phase ?? '',
    timeCreated: seconds(p.metadata?.creationTimestamp),
    podIP: p.status?.podIP ?? '',
    restarts: minio?.restartCount ?? 0,
    node: p.spec?.nodeName ?? '',
  };
}

export async function listTenantPods(apis: K8sApis, namespace: string, tenant: string): Promise<Pod[]> {
  const list = await k8s('List pods', () =>
    apis.core.listNamespacedPod({ namespace, labelSelector: `${TENANT_LABEL}=${tenant}` }),
  );
  return list.items.map(podRow);
}

/** The pod, checked to belong to the tenant (a pod of another tenant is not found here). */
async function tenantPod(apis: K8sApis, namespace: string, tenant: string, pod: string): Promise<V1Pod> {
  const p = await k8s(`Pod ${pod}`, () => apis.core.readNamespacedPod({ name: pod, namespace }));
  if (p.metadata?.labels?.[TENANT_LABEL] !== tenant) {
    throw new ConsoleError('not_found', `Pod ${pod}: not found`, `the pod is not part of tenant ${tenant}`);
  }
  return p;
}

export async function podLogs(
  apis: K8sApis,
  namespace: string,
  tenant: string,
  pod: string,
): Promise<string> {
  const p = await tenantPod(apis, namespace, tenant, pod);
  const containers = p.spec?.containers ?? [];
  const container = containers.length > 1 && containers.some((c) => c.name === 'minio') ? 'minio' : undefined;
  return k8s(`Log of ${pod}`, () =>
    apis.core.readNamespacedPodLog({ name: pod, namespace, ...(container ? { container } : {}) }),
  );
}

export async function podEvents(
  apis: K8sApis,
  namespace: string,
  tenant: string,
  pod: string,
): Promise<PodEvent[]> {
  const p = await tenantPod(apis, namespace, tenant, pod);
  const uid = p.metadata?.uid ?? '';
  const list = await k8s(`Events of ${pod}`, () =>
    apis.core.listNamespacedEvent({ namespace, fieldSelector: `involvedObject.uid=${uid}` }),
  );
  return list.items
    .map((e) => ({
      namespace: e.metadata?.namespace ?? namespace,
      last_seen: seconds(e.lastTimestamp ?? e.eventTime ?? e.metadata?.creationTimestamp),
      message: e.message ?? '',
      event_type: e.type ?? '',
      reason: e.reason ?? '',
    }))
    .sort((a, b) => a.last_seen - b.last_seen);
}

export async function deletePod(
  apis: K8sApis,
  namespace: string,
  tenant: string,
  pod: string,
): Promise<void> {
  await tenantPod(apis, namespace, tenant, pod);
  await k8s(`Delete pod ${pod}`, () =>
    apis.core.deleteCollectionNamespacedPod({
      namespace,
      labelSelector: `${TENANT_LABEL}=${tenant}`,
      fieldSelector: `metadata.name=${pod}`,
    }),
  );
}
