/**
 * The simulated kubelet's side of tenant pods: scheduling onto the nodes (round robin), and the
 * pod status and events a kubelet reports — Running with the engine's start time when the pool's
 * engine is live, CrashLoopBackOff with a BackOff event when it fails to start. The StatefulSet
 * gets its ready counts and the engine's endpoint annotation at the same time.
 */
import { resourceOfKind } from '../api/resources.js';
import type { KubeObject, ObjectStore } from '../api/store.js';
import type { EngineRunner } from './engine-runner.js';
import type { PoolSpec } from './tenant-config.js';
import { ENDPOINT_ANNOTATION, POOL_LABEL, TENANT_LABEL, pod, poolName } from './workloads.js';
import type { Writer } from './writes.js';

const POD = resourceOfKind('Pod');
const NODE = resourceOfKind('Node');
const now = (): string => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export class Kubelet {
  private podIp = 10;

  constructor(
    private readonly store: ObjectStore,
    private readonly writer: Writer,
    private readonly withSidecar: boolean,
  ) {}

  nodes(): string[] {
    const nodes = this.store.list(NODE).map((n) => n.metadata.name);
    return nodes.length > 0 ? nodes : ['coffer-sim-node'];
  }

  createPod(t: KubeObject, set: KubeObject, p: PoolSpec, i: number, s: number, node: string): void {
    const made = this.writer.upsert('Pod', pod(t, set, p, i, s, node, this.withSidecar));
    this.writer.event(
      made,
      'Normal',
      'Scheduled',
      `Successfully assigned ${made.metadata.namespace}/${made.metadata.name} to ${node}`,
      'default-scheduler',
    );
  }

  podsOf(t: KubeObject, pool: string): KubeObject[] {
    return this.store
      .list(POD, t.metadata.namespace)
      .filter(
        (o) =>
          o.metadata.labels?.[TENANT_LABEL] === t.metadata.name && o.metadata.labels?.[POOL_LABEL] === pool,
      );
  }

  /** Pods of a pool turn Running on its live engine (all of them, except those in `skip`). */
  podsRunning(
    t: KubeObject,
    p: PoolSpec,
    i: number,
    runner: EngineRunner,
    skip = new Set<string>(),
    restarts = 0,
  ): void {
    const name = poolName(p, i);
    for (const o of this.podsOf(t, name)) {
      if (skip.has(o.metadata.name)) continue;
      const image =
        ((o.spec as { containers?: { image?: string }[] }).containers?.[0]?.image ?? '') || 'coffer-engine';
      this.writer.event(
        o,
        'Normal',
        'Pulled',
        `Container image "${image}" already present on machine`,
        'kubelet',
      );
      this.writer.event(o, 'Normal', 'Created', 'Created container minio', 'kubelet');
      this.writer.event(o, 'Normal', 'Started', `Started container minio (engine ${runner.url})`, 'kubelet');
      this.writer.setStatus('Pod', o.metadata.namespace, o.metadata.name, {
        phase: 'Running',
        conditions: ['PodScheduled', 'Initialized', 'ContainersReady', 'Ready'].map((type) => ({
          type,
          status: 'True',
          lastTransitionTime: now(),
        })),
        hostIP: '10.0.0.1',
        podIP: `10.244.${Math.floor(this.podIp / 250)}.${(this.podIp++ % 250) + 2}`,
        startTime: runner.startedAt,
        containerStatuses: [
          {
            name: 'minio',
            ready: true,
            started: true,
            restartCount: restarts,
            image,
            imageID: '',
            state: { running: { startedAt: runner.startedAt } },
          },
        ],
      });
    }
    const set = this.store.get(
      resourceOfKind('StatefulSet'),
      t.metadata.namespace,
      `${t.metadata.name}-${name}`,
    );
    if (set !== undefined) {
      this.writer.upsert('StatefulSet', {
        ...set,
        metadata: {
          ...set.metadata,
          annotations: { ...set.metadata.annotations, [ENDPOINT_ANNOTATION]: runner.url },
        },
      });
      const n = p.servers ?? 0;
      this.writer.setStatus('StatefulSet', t.metadata.namespace, set.metadata.name, {
        replicas: n,
        readyReplicas: n,
        currentReplicas: n,
        updatedReplicas: n,
        availableReplicas: n,
      });
    }
  }

  podsFailed(t: KubeObject, pool: string, message: string): void {
    for (const o of this.podsOf(t, pool)) {
      this.writer.event(
        o,
        'Warning',
        'BackOff',
        `Back-off restarting failed container minio: ${message.split('\n')[0] ?? ''}`,
        'kubelet',
      );
      this.writer.setStatus('Pod', o.metadata.namespace, o.metadata.name, {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'minio',
            ready: false,
            restartCount: 1,
            state: { waiting: { reason: 'CrashLoopBackOff', message } },
          },
        ],
      });
    }
  }
}
