/**
 * The object store behind the API server: objects by resource, namespace and name, one
 * cluster-wide resourceVersion counter (every write bumps it, as etcd's revision does), and a
 * change feed for watches and for the simulated controllers. Objects are stored and handed out as
 * deep copies so no caller can change a stored object behind the store's back.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { apiVersionOf, type ResourceType } from './resources.js';

export type KubeObject = Record<string, unknown> & {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
};

export interface ObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: { apiVersion: string; kind: string; name: string; uid: string; controller?: boolean }[];
  generateName?: string;
  finalizers?: string[];
  managedFields?: unknown;
  [key: string]: unknown;
}

export type WatchType = 'ADDED' | 'MODIFIED' | 'DELETED';

export interface Change {
  type: WatchType;
  resource: ResourceType;
  object: KubeObject;
}

const keyOf = (type: ResourceType, ns: string | undefined, name: string): string =>
  `${type.group}/${type.plural}/${type.namespaced ? (ns ?? '') : ''}/${name}`;

export class ObjectStore {
  private readonly objects = new Map<string, KubeObject>();
  private revision = 1;
  readonly changes = new EventEmitter();

  constructor() {
    this.changes.setMaxListeners(0);
  }

  currentVersion(): string {
    return String(this.revision);
  }

  get(type: ResourceType, ns: string | undefined, name: string): KubeObject | undefined {
    const obj = this.objects.get(keyOf(type, ns, name));
    return obj === undefined ? undefined : structuredClone(obj);
  }

  /** Objects of a type, in one namespace or all, ordered by namespace then name (as etcd keys are). */
  list(type: ResourceType, ns?: string): KubeObject[] {
    const prefix = `${type.group}/${type.plural}/`;
    const nsPrefix = type.namespaced && ns !== undefined ? `${prefix}${ns}/` : prefix;
    return [...this.objects.entries()]
      .filter(([k]) => k.startsWith(nsPrefix))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, v]) => structuredClone(v));
  }

  /** Store a new object: fills uid, timestamps, generation and a fresh resourceVersion. */
  insert(type: ResourceType, obj: KubeObject): KubeObject {
    const stored = structuredClone(obj);
    stored.apiVersion = apiVersionOf(type);
    stored.kind = type.kind;
    const meta = stored.metadata;
    meta.uid = randomUUID();
    meta.creationTimestamp = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    meta.generation = 1;
    meta.resourceVersion = String(++this.revision);
    if (!type.namespaced) delete meta.namespace;
    this.objects.set(keyOf(type, meta.namespace, meta.name), stored);
    this.emit('ADDED', type, stored);
    return structuredClone(stored);
  }

  /** Replace a stored object (the caller checked preconditions); bumps resourceVersion, and generation when spec changed. */
  replace(type: ResourceType, obj: KubeObject): KubeObject {
    const key = keyOf(type, obj.metadata.namespace, obj.metadata.name);
    const old = this.objects.get(key);
    if (old === undefined) throw new Error(`replace of a missing object ${key}`);
    const stored = structuredClone(obj);
    stored.apiVersion = apiVersionOf(type);
    stored.kind = type.kind;
    const meta = stored.metadata;
    meta.uid = old.metadata.uid;
    meta.creationTimestamp = old.metadata.creationTimestamp;
    const specChanged = JSON.stringify(old.spec) !== JSON.stringify(stored.spec);
    meta.generation = (old.metadata.generation ?? 1) + (specChanged ? 1 : 0);
    meta.resourceVersion = String(++this.revision);
    this.objects.set(key, stored);
    this.emit('MODIFIED', type, stored);
    return structuredClone(stored);
  }

  remove(type: ResourceType, ns: string | undefined, name: string): KubeObject | undefined {
    const key = keyOf(type, ns, name);
    const old = this.objects.get(key);
    if (old === undefined) return undefined;
    this.objects.delete(key);
    old.metadata.resourceVersion = String(++this.revision);
    this.emit('DELETED', type, old);
    return structuredClone(old);
  }

  private emit(type: WatchType, resource: ResourceType, object: KubeObject): void {
    const change: Change = { type, resource, object: structuredClone(object) };
    this.changes.emit('change', change);
  }
}
