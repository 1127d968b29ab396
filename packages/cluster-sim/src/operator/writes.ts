/**
 * Writes of the simulated controllers (operator, kubelet, provisioner, drive agent): straight to
 * the store, as controllers inside the API server's process, each bumping resourceVersion as a
 * client's write would; plus Events in the core/v1 shape the console lists.
 */
import { resourceOfKind } from '../api/resources.js';
import type { KubeObject, ObjectStore } from '../api/store.js';

const now = (): string => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

let lastNano = 0n;
/** Event names end in the hex Unix time in nanoseconds, as the API server's recorders name them (so names sort by time). */
function eventSuffix(): string {
  const nano = BigInt(Date.now()) * 1_000_000n;
  lastNano = nano > lastNano ? nano : lastNano + 1n;
  return lastNano.toString(16);
}

export class Writer {
  constructor(readonly store: ObjectStore) {}

  /** Create or replace (keeping uid and creation time); the kind comes from `obj.kind` or `kind`. */
  upsert(kind: string, obj: KubeObject): KubeObject {
    const type = resourceOfKind(kind);
    const old = this.store.get(type, obj.metadata.namespace, obj.metadata.name);
    if (old === undefined) return this.store.insert(type, obj);
    return this.store.replace(type, { ...obj, metadata: { ...old.metadata, ...obj.metadata } });
  }

  /** Replace `status` of an object if it still exists and the status changed; returns the stored object. */
  setStatus(
    kind: string,
    ns: string | undefined,
    name: string,
    status: Record<string, unknown>,
  ): KubeObject | undefined {
    const type = resourceOfKind(kind);
    const old = this.store.get(type, ns, name);
    if (old === undefined) return undefined;
    if (JSON.stringify(old.status ?? {}) === JSON.stringify(status)) return old;
    return this.store.replace(type, { ...old, status });
  }

  remove(kind: string, ns: string | undefined, name: string): void {
    this.store.remove(resourceOfKind(kind), ns, name);
  }

  /** Remove every object of a kind in a namespace that carries `label=value`. */
  removeLabelled(kind: string, ns: string, label: string, value: string): void {
    const type = resourceOfKind(kind);
    for (const o of this.store.list(type, ns)) {
      if (o.metadata.labels?.[label] === value) this.store.remove(type, ns, o.metadata.name);
    }
  }

  event(
    about: KubeObject,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
    component: string,
  ): void {
    const ts = now();
    this.store.insert(resourceOfKind('Event'), {
      metadata: {
        name: `${about.metadata.name}.${eventSuffix()}`,
        namespace: about.metadata.namespace ?? 'default',
      },
      involvedObject: {
        kind: about.kind,
        namespace: about.metadata.namespace,
        name: about.metadata.name,
        uid: about.metadata.uid,
        apiVersion: about.apiVersion,
        resourceVersion: about.metadata.resourceVersion,
      },
      reason,
      message,
      type,
      source: { component },
      reportingComponent: component,
      firstTimestamp: ts,
      lastTimestamp: ts,
      count: 1,
    } as KubeObject);
  }
}
