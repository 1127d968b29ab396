/**
 * The test OpenID provider's storage: an in-memory `oidc-provider` adapter scoped to one provider
 * (sessions, codes, grants, tokens and the clients themselves). Clients live here rather than in
 * the static configuration so a test can change a client's redirect URIs after the provider has
 * started (a browser test learns the console's address later); the provider revalidates a client
 * whenever its stored metadata changes.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt?: number;
}

export interface MemoryAdapterFactory {
  /** The class `oidc-provider` instantiates once per model name. */
  Adapter: new (name: string) => Adapter;
  /** Create or replace a client's metadata. */
  putClient(clientId: string, metadata: AdapterPayload): void;
}

export function memoryAdapter(): MemoryAdapterFactory {
  const models = new Map<string, Map<string, Entry>>();
  const store = (name: string): Map<string, Entry> => {
    let found = models.get(name);
    if (found === undefined) models.set(name, (found = new Map()));
    return found;
  };
  const live = (entry: Entry | undefined): AdapterPayload | undefined =>
    entry === undefined || (entry.expiresAt !== undefined && entry.expiresAt <= Date.now())
      ? undefined
      : entry.payload;

  class MemoryAdapter implements Adapter {
    private readonly entries: Map<string, Entry>;
    constructor(name: string) {
      this.entries = store(name);
    }
    upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      this.entries.set(id, {
        payload,
        ...(expiresIn > 0 ? { expiresAt: Date.now() + expiresIn * 1000 } : {}),
      });
      return Promise.resolve();
    }
    find(id: string): Promise<AdapterPayload | undefined> {
      return Promise.resolve(live(this.entries.get(id)));
    }
    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      for (const entry of this.entries.values())
        if (entry.payload.uid === uid) return Promise.resolve(live(entry));
      return Promise.resolve(undefined);
    }
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      for (const entry of this.entries.values()) {
        if (entry.payload.userCode === userCode) return Promise.resolve(live(entry));
      }
      return Promise.resolve(undefined);
    }
    consume(id: string): Promise<void> {
      const entry = this.entries.get(id);
      if (entry !== undefined) entry.payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    }
    destroy(id: string): Promise<void> {
      this.entries.delete(id);
      return Promise.resolve();
    }
    revokeByGrantId(grantId: string): Promise<void> {
      for (const [id, entry] of this.entries) if (entry.payload.grantId === grantId) this.entries.delete(id);
      return Promise.resolve();
    }
  }

  return {
    Adapter: MemoryAdapter,
    putClient: (clientId, metadata) => store('Client').set(clientId, { payload: metadata }),
  };
}
