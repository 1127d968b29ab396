/**
 * The configured remote tiers of one engine (MinIO's tier config manager): the `TierConfig`
 * documents, kept in the system area (`config/tier-config.json`, next to the server
 * configuration), and one warm backend per tier, made on first use. Add, edit credentials and
 * remove follow MinIO's checks: a name is added once; a new tier's bucket/prefix must be empty
 * unless forced (XMinioAdminTierBackendInUse); credentials are tried before they are kept; a tier
 * whose bucket/prefix still holds objects is removed only when forced
 * (XMinioAdminTierBackendNotEmpty). Changes are serialised so two admin calls cannot lose one.
 */
import { createWarmBackend } from './backends.js';
import { TierAlreadyExists, TierBackendInUse, TierBackendNotEmpty, TierNotFound } from './errors.js';
import { applyTierCreds, parseTierConfig, type TierConfig } from './tier-config.js';
import type { WarmBackend } from './warm-backend.js';

export const TIER_CONFIG_PATH = 'config/tier-config.json';

/** The slice of the object layer the registry keeps its document in. */
export interface TierConfigStore {
  readSystemFile(path: string): Promise<Buffer | undefined>;
  writeSystemFile(path: string, data: Buffer): Promise<void>;
}

export class TierRegistry {
  private tiers = new Map<string, TierConfig>();
  private readonly backends = new Map<string, WarmBackend>();
  private loaded: Promise<void> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** When the configuration was last read or written (MinIO's X-MinIO-TierCfg-RefreshedAt). */
  refreshedAt = new Date(0);

  constructor(
    private readonly store: TierConfigStore,
    private readonly makeBackend: (config: TierConfig) => WarmBackend = createWarmBackend,
  ) {}

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const data = await this.store.readSystemFile(TIER_CONFIG_PATH);
      const list =
        data === undefined ? [] : (JSON.parse(data.toString('utf8')) as { Tiers?: TierConfig[] }).Tiers;
      this.tiers = new Map((list ?? []).map((t) => [t.Name, t]));
      this.refreshedAt = new Date();
    })().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  /** Runs one change at a time, on the loaded configuration. */
  private exclusive<T>(change: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      await this.load();
      return change();
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async save(next: Map<string, TierConfig>): Promise<void> {
    const doc = { Version: 'v1', Tiers: [...next.values()] };
    await this.store.writeSystemFile(TIER_CONFIG_PATH, Buffer.from(JSON.stringify(doc)));
    this.tiers = next;
    this.refreshedAt = new Date();
  }

  async list(): Promise<TierConfig[]> {
    await this.load();
    return [...this.tiers.values()];
  }

  async has(name: string): Promise<boolean> {
    await this.load();
    return this.tiers.has(name);
  }

  async get(name: string): Promise<TierConfig> {
    await this.load();
    const config = this.tiers.get(name);
    if (config === undefined) throw new TierNotFound();
    return config;
  }

  /** The warm backend of a tier (TierNotFound for an unknown name). */
  async backend(name: string): Promise<WarmBackend> {
    const config = await this.get(name);
    let backend = this.backends.get(name);
    if (backend === undefined) {
      backend = this.makeBackend(config);
      this.backends.set(name, backend);
    }
    return backend;
  }

  private async dropBackend(name: string): Promise<void> {
    const backend = this.backends.get(name);
    this.backends.delete(name);
    await backend?.close?.().catch(() => undefined);
  }

  /** `PUT /tier`: the body's JSON; `force` skips the empty-backend check. */
  add(doc: Record<string, unknown>, force: boolean): Promise<void> {
    const config = parseTierConfig(doc);
    return this.exclusive(async () => {
      if (this.tiers.has(config.Name)) throw new TierAlreadyExists();
      const backend = this.makeBackend(config);
      try {
        // Reaching the remote also proves the credentials and the bucket.
        const inUse = await backend.inUse();
        if (inUse && !force) throw new TierBackendInUse();
      } finally {
        await backend.close?.().catch(() => undefined);
      }
      await this.save(new Map([...this.tiers, [config.Name, config]]));
    });
  }

  /** `POST /tier/{name}`: new credentials (madmin TierCreds), tried before they are kept. */
  edit(name: string, creds: Record<string, unknown>): Promise<void> {
    return this.exclusive(async () => {
      const current = this.tiers.get(name);
      if (current === undefined) throw new TierNotFound();
      const next = applyTierCreds(current, creds);
      const backend = this.makeBackend(next);
      try {
        await backend.inUse();
      } finally {
        await backend.close?.().catch(() => undefined);
      }
      await this.save(new Map([...this.tiers, [name, next]]));
      await this.dropBackend(name);
    });
  }

  /** `DELETE /tier/{name}`. */
  remove(name: string, force: boolean): Promise<void> {
    return this.exclusive(async () => {
      if (!this.tiers.has(name)) throw new TierNotFound();
      if (!force && (await (await this.backend(name)).inUse())) throw new TierBackendNotEmpty();
      const next = new Map(this.tiers);
      next.delete(name);
      await this.save(next);
      await this.dropBackend(name);
    });
  }

  /** `GET /tier/{name}`: reaches the remote (errors as the backend raises them). */
  async verify(name: string): Promise<void> {
    await (await this.backend(name)).inUse();
  }

  /** Re-read the document (another engine generation changed it). */
  async reload(): Promise<void> {
    this.loaded = undefined;
    await this.load();
  }

  async close(): Promise<void> {
    await Promise.all([...this.backends.keys()].map((name) => this.dropBackend(name)));
  }
}
