/**
 * Server configuration in MinIO's KV text (wire doc §3.6): read (answer madmin-encrypted), set
 * and delete (body encrypted), and the field help. All need admin:ConfigUpdate. Whether a change
 * was applied at once or waits for a restart is the `x-minio-config-applied: true` header (absent:
 * restart needed). The text is parsed and written by `config-kv-text.ts`.
 */
import type { AdminTransport, CallOptions } from './admin-client.js';
import type { HttpResponse } from './http-request.js';

/** What a set/del-config-kv answered. */
export interface ConfigChangeResult {
  /** true: the server applies the change only after a service restart. */
  restart: boolean;
}

/** One key's help (`help-config-kv`). */
export interface HelpKV {
  key: string;
  description: string;
  optional: boolean;
  type: string;
  multipleTargets: boolean;
}

/** `help-config-kv`'s answer (madmin.Help). */
export interface ConfigHelp {
  subSys: string;
  description: string;
  multipleTargets: boolean;
  keysHelp: HelpKV[];
}

export interface ConfigCalls {
  /**
   * `GET /get-config-kv?key=` — `subsys` (every target), `subsys:` (the default one) or
   * `subsys:target`: the KV text, secrets redacted, environment overrides as `# MINIO_…=` lines.
   */
  getConfigKV(key: string, options?: CallOptions): Promise<string>;
  /** `PUT /set-config-kv` — one `subsys[:target] k=v …` line (body encrypted). */
  setConfigKV(text: string, options?: CallOptions): Promise<ConfigChangeResult>;
  /** `DELETE /del-config-kv` — `subsys[:target]`: back to defaults, or the target removed. */
  delConfigKV(text: string, options?: CallOptions): Promise<ConfigChangeResult>;
  /** `GET /help-config-kv?subSys=&key=` — the subsystem's (or one key's) field definitions. */
  helpConfigKV(subSys: string, key?: string, options?: CallOptions): Promise<ConfigHelp>;
}

function changeResult(res: HttpResponse): ConfigChangeResult {
  const applied = res.headers['x-minio-config-applied'];
  return { restart: String(applied ?? '').toLowerCase() !== 'true' };
}

export function configCalls({ request, requestJson }: AdminTransport): ConfigCalls {
  return {
    getConfigKV: async (key, o) => {
      const res = await request({
        method: 'GET',
        path: '/get-config-kv',
        query: { key },
        decryptResponse: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
      return res.body.toString('utf8');
    },
    setConfigKV: async (text, o) =>
      changeResult(
        await request({
          method: 'PUT',
          path: '/set-config-kv',
          body: Buffer.from(text, 'utf8'),
          encryptBody: true,
          ...(o?.signal ? { signal: o.signal } : {}),
        }),
      ),
    delConfigKV: async (text, o) =>
      changeResult(
        await request({
          method: 'DELETE',
          path: '/del-config-kv',
          body: Buffer.from(text, 'utf8'),
          encryptBody: true,
          ...(o?.signal ? { signal: o.signal } : {}),
        }),
      ),
    helpConfigKV: (subSys, key = '', o) =>
      // Both keys must be present, `key` may be empty (router quirk, wire doc §1).
      requestJson<ConfigHelp>({
        method: 'GET',
        path: '/help-config-kv',
        query: { subSys, key },
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
  };
}
