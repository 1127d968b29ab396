/**
 * The simulated MinIO operator. It watches Tenants and, per tenant (one at a time, in order):
 * enforces one tenant per namespace, runs the operator's checks, reads the credentials, then
 * steps `status.currentState` through the operator's own strings while it makes the services,
 * StatefulSets, PVCs and pods, starts one real engine per pool (its pods turn Running when the
 * engine is live), provisions `spec.users`, and ends at "Initialized". A monitor then keeps
 * health, drives and usage current from the engines. Deleting a tenant stops its engines and
 * removes what the operator made (PVCs stay, as a StatefulSet's claims do); deleting a pod
 * restarts its pool's engine and the pod comes back, as under a StatefulSet.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createAdminClient } from '@coffer/admin-client';
import { resourceOfKind } from '../api/resources.js';
import type { Change, KubeObject, ObjectStore } from '../api/store.js';
import type { CrdFlavour } from '../api/tenant-schema.js';
import { EngineRunner } from './engine-runner.js';
import { observeHealth, poolParity, type PoolRuntime } from './monitor.js';
import { readTenantConfig, type PoolSpec, type TenantSpec } from './tenant-config.js';
import { tenantProblem } from './validate.js';
import {
  POOL_LABEL,
  TENANT_LABEL,
  consoleService,
  headlessService,
  minioService,
  poolName,
  pvc,
  statefulSet,
  tlsOn,
} from './workloads.js';
import { Kubelet } from './kubelet.js';
import { Writer } from './writes.js';

export interface OperatorOptions {
  /** Engines' drives go to `<dataDir>/tenants/<ns>/<tenant>/<pool>`. */
  dataDir: string;
  flavour: CrdFlavour;
  /** Pause after each provisioning state, so watchers see each one (default 200 ms). */
  stepMs?: number;
  /** Interval of the health/usage monitor (default 5 s). */
  monitorMs?: number;
  /** The engines' usage-scan interval in seconds (default 5). */
  scannerSeconds?: number;
  engineCli?: string;
}

/** A pool's engine runs at most this many drives (one erasure set). */
const MAX_ENGINE_DRIVES = 16;
const COMPONENT = 'minio-operator';
const TENANT = resourceOfKind('Tenant');
const POD = resourceOfKind('Pod');
const SC = resourceOfKind('StorageClass');

interface Runtime {
  uid: string;
  ns: string;
  name: string;
  observed: number;
  initialized: boolean;
  image?: string;
  pools: Map<string, PoolRuntime>;
  credentials?: { accessKey: string; secretKey: string };
  usersDone: boolean;
  queue: Promise<void>;
  gone: boolean;
  /** Pods this operator is deleting itself (no re-creation). */
  ownDeletes: Set<string>;
}

const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const now = (): string => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export class TenantOperator {
  private readonly writer: Writer;
  private readonly runtimes = new Map<string, Runtime>();
  private readonly listener = (c: Change): void => this.onChange(c);
  private monitorTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly kubelet: Kubelet;

  constructor(
    private readonly store: ObjectStore,
    private readonly options: OperatorOptions,
  ) {
    this.writer = new Writer(store);
    this.kubelet = new Kubelet(store, this.writer, options.flavour === 'latest');
  }

  start(): void {
    this.store.changes.on('change', this.listener);
    for (const t of this.store.list(TENANT)) this.onChange({ type: 'ADDED', resource: TENANT, object: t });
    this.monitorTimer = setInterval(() => {
      for (const rt of this.runtimes.values()) if (rt.initialized) this.enqueue(rt, () => this.monitor(rt));
    }, this.options.monitorMs ?? 5_000);
    this.monitorTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.store.changes.off('change', this.listener);
    clearInterval(this.monitorTimer);
    const all = [...this.runtimes.values()];
    await Promise.all(all.map((rt) => rt.queue.catch(() => undefined)));
    await Promise.all(all.flatMap((rt) => [...rt.pools.values()].map((p) => p.runner.stop())));
  }

  /** The log of a tenant pod's `minio` container: its pool's engine output (the sidecar's is empty). */
  podLog(ns: string, podName: string, container: string): string | undefined {
    const p = this.store.get(POD, ns, podName);
    if (container !== 'minio') return undefined;
    const tenant = p?.metadata.labels?.[TENANT_LABEL];
    const pool = p?.metadata.labels?.[POOL_LABEL];
    if (tenant === undefined || pool === undefined) return undefined;
    return this.runtimes.get(`${ns}/${tenant}`)?.pools.get(pool)?.runner.output();
  }

  private onChange(c: Change): void {
    if (this.stopped) return;
    const o = c.object;
    const ns = o.metadata.namespace ?? '';
    if (c.resource === TENANT) {
      const key = `${ns}/${o.metadata.name}`;
      let rt = this.runtimes.get(key);
      if (c.type === 'DELETED') {
        if (rt !== undefined && rt.uid === o.metadata.uid) {
          rt.gone = true;
          this.runtimes.delete(key);
          const dying = rt;
          this.enqueue(rt, () => this.teardown(dying));
          // A tenant waiting because this one held the namespace may go ahead now.
          for (const other of this.runtimes.values())
            if (other.ns === ns && !other.initialized) this.enqueue(other, () => this.reconcile(other));
        }
        return;
      }
      if (rt !== undefined && rt.uid !== o.metadata.uid) {
        rt.gone = true;
        const old = rt;
        this.enqueue(old, () => this.teardown(old));
        rt = undefined;
      }
      if (rt === undefined) {
        rt = {
          uid: o.metadata.uid ?? '',
          ns,
          name: o.metadata.name,
          observed: 0,
          initialized: false,
          pools: new Map(),
          usersDone: false,
          queue: Promise.resolve(),
          gone: false,
          ownDeletes: new Set(),
        };
        this.runtimes.set(key, rt);
      }
      if ((o.metadata.generation ?? 0) !== rt.observed) {
        const r = rt;
        this.enqueue(r, () => this.reconcile(r));
      }
      return;
    }
    if (c.resource.kind === 'Secret' && c.type !== 'DELETED') {
      // Credentials or users may arrive after the tenant.
      for (const rt of this.runtimes.values())
        if (rt.ns === ns && (!rt.initialized || !rt.usersDone)) this.enqueue(rt, () => this.reconcile(rt));
      return;
    }
    if (c.resource.kind === 'PersistentVolumeClaim' && c.type === 'DELETED') {
      const t = o.metadata.labels?.[TENANT_LABEL];
      if (t !== undefined && !this.runtimes.has(`${ns}/${t}`)) void this.dropData(ns, t);
      return;
    }
    if (c.resource === POD && c.type === 'DELETED') {
      const t = o.metadata.labels?.[TENANT_LABEL];
      const rt = t === undefined ? undefined : this.runtimes.get(`${ns}/${t}`);
      if (rt === undefined || rt.gone || rt.ownDeletes.delete(o.metadata.name)) return;
      const pool = o.metadata.labels?.[POOL_LABEL] ?? '';
      this.enqueue(rt, () => this.restartPod(rt, pool));
    }
  }

  private enqueue(rt: Runtime, work: () => Promise<void>): void {
    rt.queue = rt.queue.then(work).catch((err: unknown) => {
      if (!this.stopped) this.setState(rt, `Error: ${(err as Error).message.split('\n')[0] ?? ''}`);
    });
  }

  private tenant(rt: Runtime): KubeObject | undefined {
    const t = this.store.get(TENANT, rt.ns, rt.name);
    return t?.metadata.uid === rt.uid ? t : undefined;
  }

  /** Merge into the tenant's status (keeping the CRD's required fields present). */
  private setState(rt: Runtime, currentState: string | undefined, extra: Record<string, unknown> = {}): void {
    const t = this.tenant(rt);
    if (t === undefined) return;
    const old = (t.status ?? {}) as Record<string, unknown>;
    const status: Record<string, unknown> = {
      availableReplicas: 0,
      revision: 0,
      syncVersion: '',
      certificates: { autoCertEnabled: tlsOn(t.spec as TenantSpec) },
      pools: [],
      ...old,
      ...(currentState === undefined ? {} : { currentState }),
      ...extra,
    };
    this.writer.setStatus('Tenant', rt.ns, rt.name, status);
  }

  private async step(rt: Runtime, state: string, work: () => void = () => undefined): Promise<boolean> {
    if (rt.gone || this.stopped) return false;
    this.setState(rt, state);
    work();
    await delay(this.options.stepMs ?? 200);
    return !rt.gone && !this.stopped;
  }

  private poolStatus(
    spec: TenantSpec,
    rt: Runtime,
    created: Set<string>,
  ): { ssName: string; state: string }[] {
    return (spec.pools ?? []).map((p, i) => {
      const name = poolName(p, i);
      const state = rt.pools.get(name)?.runner.running()
        ? 'PoolInitialized'
        : created.has(name)
          ? 'PoolCreated'
          : 'PoolNotCreated';
      return { ssName: `${rt.name}-${name}`, state };
    });
  }

  private async reconcile(rt: Runtime): Promise<void> {
    const t = this.tenant(rt);
    if (t === undefined || rt.gone) return;
    const generation = t.metadata.generation ?? 0;
    const spec = (t.spec ?? {}) as TenantSpec;
    const mine = `${t.metadata.creationTimestamp ?? ''}/${t.metadata.name}`;
    const blocked = this.store.list(TENANT, rt.ns).some((o) => {
      if (o.metadata.uid === rt.uid) return false;
      const other = this.runtimes.get(`${rt.ns}/${o.metadata.name}`);
      return other?.initialized === true || `${o.metadata.creationTimestamp ?? ''}/${o.metadata.name}` < mine;
    });
    if (blocked) {
      this.setState(rt, 'Another MinIO Tenant already exists in the namespace');
      rt.observed = generation;
      return;
    }
    const problem = tenantProblem(spec, this.options.flavour);
    if (problem !== undefined) {
      this.setState(rt, problem);
      rt.observed = generation;
      return;
    }
    const config = readTenantConfig(this.store, t);
    if (config.accessKey === undefined || config.secretKey === undefined) {
      this.setState(rt, 'Tenant credentials are not set properly');
      rt.observed = generation;
      return;
    }
    rt.credentials = { accessKey: config.accessKey, secretKey: config.secretKey };
    const pools = spec.pools ?? [];
    for (const [i, p] of pools.entries()) {
      const known = rt.pools.get(poolName(p, i));
      if (
        known !== undefined &&
        (known.spec.servers !== p.servers || known.spec.volumesPerServer !== p.volumesPerServer)
      ) {
        this.setState(rt, `Can't modify server count for pool ${poolName(p, i)}`);
        rt.observed = generation;
        return;
      }
    }
    if (!rt.initialized && rt.pools.size === 0) {
      if (
        !(await this.step(rt, 'Provisioning MinIO Cluster IP Service', () =>
          this.put(t, 'Service', minioService(t, undefined)),
        ))
      )
        return;
      if (
        !(await this.step(rt, 'Provisioning Console Service', () =>
          this.put(t, 'Service', consoleService(t, undefined)),
        ))
      )
        return;
      if (
        !(await this.step(rt, 'Provisioning MinIO Headless Service', () =>
          this.put(t, 'Service', headlessService(t)),
        ))
      )
        return;
      if (spec.log !== undefined && this.options.flavour === 'v4') {
        if (!(await this.step(rt, 'Provisioning Postgres server'))) return;
        if (!(await this.step(rt, 'Provisioning Log Search API server'))) return;
      }
      if (spec.prometheus !== undefined && this.options.flavour === 'v4') {
        if (!(await this.step(rt, 'Provisioning Prometheus server'))) return;
      }
    } else if (rt.image !== undefined && rt.image !== spec.image) {
      if (!(await this.step(rt, 'Updating MinIO Version'))) return;
    }
    rt.image = spec.image;
    const fresh = pools
      .map((p, i) => ({ p, i, name: poolName(p, i) }))
      .filter(({ name }) => !rt.pools.has(name));
    if (fresh.length > 0) {
      const created = new Set<string>();
      if (
        !(await this.step(rt, 'Provisioning MinIO Statefulset', () => {
          for (const { p, i, name } of fresh) {
            this.makePool(t, p, i);
            created.add(name);
          }
          this.setState(rt, undefined, { pools: this.poolStatus(spec, rt, created) });
        }))
      )
        return;
      this.setState(rt, 'Waiting for Pods to be ready', { waitingOnReady: now() });
      for (const { p, i, name } of fresh) {
        const runner = new EngineRunner(
          {
            dataDir: path.join(this.options.dataDir, 'tenants', rt.ns, rt.name, name),
            drives: Math.min((p.servers ?? 1) * (p.volumesPerServer ?? 1), MAX_ENGINE_DRIVES),
            parity: poolParity(p, config.parity),
            accessKey: config.accessKey,
            secretKey: config.secretKey,
            scannerIntervalSeconds: this.options.scannerSeconds ?? 5,
            env: config.env,
          },
          this.options.engineCli,
        );
        const poolRt: PoolRuntime = { name, spec: p, runner, parity: poolParity(p, config.parity) };
        rt.pools.set(name, poolRt);
        try {
          await runner.start();
        } catch (err) {
          this.kubelet.podsFailed(t, name, (err as Error).message);
          this.setState(rt, 'Waiting for Pods to be ready');
          rt.observed = generation;
          return;
        }
        if (rt.gone || this.stopped) {
          await runner.stop();
          return;
        }
        this.kubelet.podsRunning(t, p, i, runner);
        if (i === 0) {
          this.put(t, 'Service', minioService(t, runner.url));
          this.put(t, 'Service', consoleService(t, runner.url));
        }
      }
    }
    if (!rt.usersDone && config.users.length > 0) {
      if (this.options.flavour === 'latest') this.setState(rt, 'Provisioning initial users');
      const first = [...rt.pools.values()][0];
      if (first !== undefined) {
        const admin = createAdminClient({ endpoint: first.runner.url, ...rt.credentials });
        for (const u of config.users) {
          await admin.addUser(u.accessKey, u.secretKey);
          await admin.setPolicy(['consoleAdmin'], { user: u.accessKey });
        }
        rt.usersDone = true;
      }
    }
    const servers = pools.reduce((n, p) => n + (p.servers ?? 0), 0);
    rt.initialized = true;
    rt.observed = generation;
    this.setState(rt, 'Initialized', {
      availableReplicas: servers,
      pools: this.poolStatus(spec, rt, new Set()),
      syncVersion: this.options.flavour === 'v4' ? 'v4.2.14' : 'v7.1.1',
      revision: generation - 1,
      waitingOnReady: undefined,
    });
    await this.monitor(rt);
  }

  private put(owner: KubeObject, kind: string, obj: KubeObject): KubeObject {
    const isNew =
      this.store.get(resourceOfKind(kind), obj.metadata.namespace, obj.metadata.name) === undefined;
    const stored = this.writer.upsert(kind, obj);
    if (kind === 'Service' || kind === 'StatefulSet') {
      if (obj.status !== undefined)
        this.writer.setStatus(
          kind,
          obj.metadata.namespace,
          obj.metadata.name,
          obj.status as Record<string, unknown>,
        );
    }
    if (isNew && (kind === 'Service' || kind === 'StatefulSet')) {
      this.writer.event(
        owner,
        'Normal',
        kind === 'Service' ? 'SvcCreated' : 'StsCreated',
        `${kind} ${obj.metadata.name} created`,
        COMPONENT,
      );
    }
    return stored;
  }

  private defaultStorageClass(): string | undefined {
    const classes = this.store.list(SC);
    return (
      classes.find(
        (c) => c.metadata.annotations?.['storageclass.kubernetes.io/is-default-class'] === 'true',
      ) ?? classes[0]
    )?.metadata.name;
  }

  private makePool(t: KubeObject, p: PoolSpec, i: number): void {
    const set = this.put(t, 'StatefulSet', statefulSet(t, p, i, undefined));
    const nodes = this.kubelet.nodes();
    for (let s = 0; s < (p.servers ?? 0); s++) {
      for (let v = 0; v < (p.volumesPerServer ?? 0); v++)
        this.put(t, 'PersistentVolumeClaim', pvc(t, p, i, s, v, this.defaultStorageClass()));
      this.kubelet.createPod(t, set, p, i, s, nodes[s % nodes.length] ?? 'coffer-sim-node');
    }
  }

  /**
   * Deleted tenant pods come back, as under a StatefulSet. When every pod of a pool was deleted
   * (the console's restart of a tenant), the pool's engine restarts; a single pod's deletion does
   * not interrupt the pool's engine, as one MinIO server's restart leaves the others serving.
   */
  private async restartPod(rt: Runtime, pool: string): Promise<void> {
    const t = this.tenant(rt);
    const poolRt = rt.pools.get(pool);
    if (t === undefined || poolRt === undefined) return;
    const set = this.store.get(resourceOfKind('StatefulSet'), rt.ns, `${rt.name}-${pool}`);
    if (set === undefined) return;
    const index = ((t.spec as TenantSpec).pools ?? []).findIndex((p, i) => poolName(p, i) === pool);
    const present = new Set(this.kubelet.podsOf(t, pool).map((o) => o.metadata.name));
    if (present.size === (poolRt.spec.servers ?? 0)) return;
    const nodes = this.kubelet.nodes();
    for (let s = 0; s < (poolRt.spec.servers ?? 0); s++) {
      if (!present.has(`${rt.name}-${pool}-${s}`))
        this.kubelet.createPod(t, set, poolRt.spec, index, s, nodes[s % nodes.length] ?? 'coffer-sim-node');
    }
    if (present.size === 0) {
      await poolRt.runner.stop();
      await poolRt.runner.start();
    }
    this.kubelet.podsRunning(t, poolRt.spec, index, poolRt.runner, present);
  }

  private async monitor(rt: Runtime): Promise<void> {
    if (!rt.initialized || rt.gone || rt.credentials === undefined) return;
    const t = this.tenant(rt);
    if (t === undefined) return;
    for (const [name, p] of rt.pools) {
      if (p.runner.crashed()) {
        const index = ((t.spec as TenantSpec).pools ?? []).findIndex((sp, i) => poolName(sp, i) === name);
        await p.runner.start();
        this.kubelet.podsRunning(t, p.spec, index, p.runner, new Set(), 1);
      }
    }
    const pods = this.store.list(POD, rt.ns).filter((o) => o.metadata.labels?.[TENANT_LABEL] === rt.name);
    const running = pods.every((o) => (o.status as { phase?: string } | undefined)?.phase === 'Running');
    const health = await observeHealth([...rt.pools.values()], rt.credentials, running);
    if (!rt.gone) this.setState(rt, undefined, { ...health });
  }

  private async teardown(rt: Runtime): Promise<void> {
    for (const p of rt.pools.values()) await p.runner.stop();
    rt.pools.clear();
    for (const o of this.store.list(POD, rt.ns))
      if (o.metadata.labels?.[TENANT_LABEL] === rt.name) rt.ownDeletes.add(o.metadata.name);
    for (const kind of ['Pod', 'StatefulSet', 'Service'])
      this.writer.removeLabelled(kind, rt.ns, TENANT_LABEL, rt.name);
    await this.dropData(rt.ns, rt.name);
  }

  /** The engines' data goes once the tenant and all its volumes are gone (PVCs outlive a StatefulSet). */
  private async dropData(ns: string, tenant: string): Promise<void> {
    const claims = this.store
      .list(resourceOfKind('PersistentVolumeClaim'), ns)
      .filter((o) => o.metadata.labels?.[TENANT_LABEL] === tenant);
    if (claims.length > 0 || this.runtimes.has(`${ns}/${tenant}`)) return;
    await rm(path.join(this.options.dataDir, 'tenants', ns, tenant), { recursive: true, force: true });
  }
}
