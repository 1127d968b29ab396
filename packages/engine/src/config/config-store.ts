/**
 * The server configuration store (issue 10 §1): MinIO's sub-systems as stored in the system area
 * (`config/config.json`, written atomically on every drive), validated on every change, merged
 * with defaults and environment overrides, and read by the services through `ConfigReader`.
 *
 * Two views: `stored` is what the admin API shows and persists; `live` is what the services read.
 * A change to a dynamic sub-system (compression, logger_webhook, audit_webhook) updates both and
 * calls the change listeners; any other change waits in `stored` for the next (in-place) restart,
 * which loads a new store — MinIO's "restart required". A refused change changes nothing.
 */
import {
  appendHistory,
  clearHistory,
  findHistory,
  readHistory,
  redactHistoryData,
  type HistoryEntry,
  type HistoryFileStore,
} from './config-history.js';
import { ConfigInvalid } from './errors.js';
import { envOverrides, envTargets, type EnvOverride } from './env-overrides.js';
import { formatKvLine, parseKvText, type KvLine } from './kv-text.js';
import { subsystemDef, SUBSYSTEMS, fieldDef } from './subsystems.js';
import type { SubsystemDef } from './subsystem-types.js';
import type { ConfigReader, ConfigTarget, ConfigValues } from './types.js';
import { checkTarget } from './validate.js';

/** Where the configuration and its history live: the object layer's system area has these calls. */
export type ConfigFileStore = HistoryFileStore;

export const CONFIG_PATH = 'config/config.json';

/** What get-config-kv prints in place of a secret. */
export const REDACTED = '*redacted*';

/** `subsys:target` → the keys set on it (defaults not included). */
type Stored = Map<string, Map<string, string>>;

interface ConfigDocument {
  version: 1;
  /** `subsys:target` (`region:` for a default target) → key → value. */
  targets: Record<string, Record<string, string>>;
}

export interface ConfigStoreOptions {
  store: ConfigFileStore;
  /** Overrides as MinIO reads them (default: none). */
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

/** The result of a change: `applied` when it is in force already (no restart needed). */
export interface ConfigChange {
  applied: boolean;
}

const id = (subsystem: string, target: string): string => `${subsystem}:${target}`;
const splitId = (name: string): [string, string] => {
  const at = name.indexOf(':');
  return [name.slice(0, at), name.slice(at + 1)];
};

function cloneStored(stored: Stored): Stored {
  return new Map([...stored].map(([k, v]) => [k, new Map(v)]));
}

/** The persisted targets; a missing document is none, an unreadable one undefined (logged). */
async function readStored(files: ConfigFileStore, log?: (line: string) => void): Promise<Stored | undefined> {
  const raw = await files.readSystemFile(CONFIG_PATH);
  const stored: Stored = new Map();
  if (raw === undefined) return stored;
  try {
    const doc = JSON.parse(raw.toString('utf8')) as ConfigDocument;
    for (const [name, values] of Object.entries(doc.targets)) {
      const [subsystem] = splitId(name);
      if (subsystemDef(subsystem) === undefined) continue;
      stored.set(name, new Map(Object.entries(values).map(([k, v]) => [k, String(v)])));
    }
    return stored;
  } catch (err) {
    log?.(`config: ${CONFIG_PATH} is unreadable (${(err as Error).message}); using defaults`);
    return undefined;
  }
}

function requireSubsystem(line: KvLine): SubsystemDef {
  const def = subsystemDef(line.subsystem);
  if (def === undefined) throw new ConfigInvalid(`unknown sub-system ${line.subsystem}`);
  if (line.hasTarget && line.target !== '' && !def.multipleTargets) {
    throw new ConfigInvalid(`sub-system '${def.name}' only supports single target`);
  }
  if (line.target !== '' && !/^[A-Za-z0-9_-]+$/.test(line.target)) {
    throw new ConfigInvalid(`invalid target name '${line.target}': use letters, digits, '-' and '_'`);
  }
  return def;
}

/** The live configuration and its admin operations; see the module comment. */
export class ConfigStore implements ConfigReader {
  private stored: Stored;
  private live: Stored;
  private readonly listeners = new Set<(subsystem: string) => void>();
  /**
   * `get` results by sub-system and target, until the live configuration changes: requests read
   * settings on every call (the region on every signature check), and merging defaults with the
   * environment looks up several variables each time (a `getenv` per `process.env` read).
   */
  private readonly resolved = new Map<string, ConfigValues>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly files: ConfigFileStore,
    private readonly env: NodeJS.ProcessEnv,
    stored: Stored,
    private readonly log?: (line: string) => void,
  ) {
    this.stored = stored;
    this.live = cloneStored(stored);
  }

  /** Load the persisted configuration (a missing document is the default configuration). */
  static async load(options: ConfigStoreOptions): Promise<ConfigStore> {
    const stored = (await readStored(options.store, options.log)) ?? new Map();
    return new ConfigStore(options.store, options.env ?? {}, stored, options.log);
  }

  // ConfigReader --------------------------------------------------------------------------------

  get(subsystem: string, target = ''): ConfigValues {
    const key = id(subsystem, target);
    let values = this.resolved.get(key);
    if (values === undefined) {
      values = this.values(this.live, subsystem, target);
      this.resolved.set(key, values);
    }
    return values;
  }

  targets(subsystem: string): ConfigTarget[] {
    return this.targetNames(this.live, subsystem).map((target) => ({
      subsystem,
      target,
      values: this.get(subsystem, target),
    }));
  }

  onChange(listener: (subsystem: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Admin operations ----------------------------------------------------------------------------

  /**
   * get-config-kv: `subsys` (every target), `subsys:` (the default one) or `subsys:target`, as KV
   * text with environment overrides as comment lines and secrets redacted. `''` → everything.
   */
  getText(key: string): string {
    const trimmed = key.trim();
    if (trimmed === '') return this.exportText(true);
    const colon = trimmed.indexOf(':');
    const line: KvLine = {
      subsystem: colon < 0 ? trimmed : trimmed.slice(0, colon),
      target: colon < 0 ? '' : trimmed.slice(colon + 1),
      hasTarget: colon >= 0,
      pairs: [],
    };
    const def = requireSubsystem(line);
    const names = colon < 0 ? this.shownTargets(def) : [line.target];
    if (colon >= 0 && line.target !== '' && !this.targetNames(this.stored, def.name).includes(line.target)) {
      throw new ConfigInvalid(`target '${line.target}' of sub-system '${def.name}' does not exist`);
    }
    return names.map((target) => this.targetText(def, target, true, false)).join('');
  }

  /** GET config: every sub-system, secrets included; disabled targets commented out with `# `. */
  exportText(redact = false): string {
    return SUBSYSTEMS.flatMap((def) =>
      this.shownTargets(def).map((target) => this.targetText(def, target, redact, !redact)),
    ).join('');
  }

  /** set-config-kv: one or more lines; all are validated before any is stored; kept in the history. */
  async setText(text: string): Promise<ConfigChange> {
    const change = await this.applySet(text);
    await appendHistory(this.files, text);
    return change;
  }

  /** list-config-history-kv: the newest `count` entries, oldest first, secrets redacted. */
  async listHistory(count: number): Promise<HistoryEntry[]> {
    const all = await readHistory(this.files);
    return all
      .slice(Math.max(0, all.length - count))
      .map((entry) => ({ ...entry, data: redactHistoryData(entry.data, REDACTED) }));
  }

  /** restore-config-history-kv: apply an entry's text again; undefined when there is no such entry. */
  async restoreHistory(restoreId: string): Promise<ConfigChange | undefined> {
    const entry = await findHistory(this.files, restoreId);
    return entry === undefined ? undefined : this.applySet(entry.data);
  }

  /** clear-config-history-kv: one entry or `all`; false when the id names none. */
  clearHistory(restoreId: string): Promise<boolean> {
    return clearHistory(this.files, restoreId);
  }

  private applySet(text: string): Promise<ConfigChange> {
    return this.serialised(async () => {
      const lines = parseKvText(text);
      if (lines.length === 0)
        throw new ConfigInvalid('no configuration given: expected `subsys[:target] key=value …`');
      const next = cloneStored(this.stored);
      const touched = new Set<string>();
      for (const line of lines) {
        const def = requireSubsystem(line);
        const name = id(def.name, line.target);
        const current = new Map(next.get(name) ?? []);
        const invalid = line.pairs.filter(([key]) => fieldDef(def, key) === undefined);
        if (invalid.length > 0) {
          const listed = invalid.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join(' ');
          throw new ConfigInvalid(
            `found invalid keys (${listed}) for '${def.name}' sub-system, use 'mc admin config reset myminio ${def.name}' to fix invalid keys`,
          );
        }
        for (const [key, value] of line.pairs) {
          if (value === undefined)
            throw new ConfigInvalid(`expected config value in the format \`key=value\`, got '${key}'`);
          // The console sends redacted secrets back unchanged: keep the stored one.
          if (value === '*redacted*' && fieldDef(def, key)?.secret === true) continue;
          current.set(key, value);
        }
        // MinIO: a line that does not say `enable` turns the target on.
        if (def.hasEnable && !line.pairs.some(([key]) => key === 'enable')) current.set('enable', 'on');
        const problem = checkTarget(def, this.merge(def, line.target, current, true));
        if (problem !== undefined) throw new ConfigInvalid(problem);
        next.set(name, current);
        touched.add(def.name);
      }
      return this.commit(next, touched);
    });
  }

  /** del-config-kv: `subsys[:target]` removes a target; `subsys[:target] key …` resets those keys. */
  delText(text: string): Promise<ConfigChange> {
    return this.serialised(async () => {
      const lines = parseKvText(text);
      if (lines.length === 0) throw new ConfigInvalid('no configuration given: expected `subsys[:target]`');
      const next = cloneStored(this.stored);
      const touched = new Set<string>();
      for (const line of lines) {
        const def = requireSubsystem(line);
        const name = id(def.name, line.target);
        if (line.pairs.length === 0) {
          next.delete(name);
        } else {
          const current = new Map(next.get(name) ?? []);
          for (const [key] of line.pairs) {
            if (fieldDef(def, key) === undefined)
              throw new ConfigInvalid(`key ${key} doesn't exist for sub-system ${def.name}`);
            current.delete(key);
          }
          const problem = checkTarget(def, this.merge(def, line.target, current, true));
          if (problem !== undefined) throw new ConfigInvalid(problem);
          next.set(name, current);
        }
        touched.add(def.name);
      }
      return this.commit(next, touched);
    });
  }

  /** PUT config: replace the whole configuration (commented-out lines are left at their defaults). */
  async importText(text: string): Promise<ConfigChange> {
    const change = await this.applyImport(text);
    await appendHistory(this.files, text);
    return change;
  }

  private applyImport(text: string): Promise<ConfigChange> {
    return this.serialised(async () => {
      const next: Stored = new Map();
      for (const line of parseKvText(text)) {
        const def = requireSubsystem(line);
        const current = new Map<string, string>();
        for (const [key, value] of line.pairs) {
          if (fieldDef(def, key) === undefined || value === undefined) {
            throw new ConfigInvalid(`found invalid keys (${key}) for '${def.name}' sub-system`);
          }
          const f = fieldDef(def, key);
          // Keep the stored value of a redacted secret, as on set.
          const kept = this.stored.get(id(def.name, line.target))?.get(key);
          if (value === REDACTED && f?.secret === true) {
            if (kept !== undefined) current.set(key, kept);
          } else if (value !== (f?.default ?? '')) current.set(key, value);
        }
        // A line that only repeats the defaults (an exported default target) sets nothing.
        if (current.size === 0) continue;
        if (def.hasEnable && !line.pairs.some(([key]) => key === 'enable')) current.set('enable', 'on');
        const problem = checkTarget(def, this.merge(def, line.target, current, true));
        if (problem !== undefined) throw new ConfigInvalid(problem);
        next.set(id(def.name, line.target), current);
      }
      const touched = new Set([...this.stored.keys(), ...next.keys()].map((name) => splitId(name)[0]));
      return this.commit(next, touched);
    });
  }

  // Internals -----------------------------------------------------------------------------------

  /**
   * Run one change at a time, each on the stored configuration as the drives have it now (another
   * store on the same drives — the previous generation finishing a request during an in-place
   * restart — may have written since this one loaded).
   */
  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const fresh = async (): Promise<T> => {
      this.stored = (await readStored(this.files, this.log)) ?? this.stored;
      return work();
    };
    const run = this.queue.then(fresh, fresh);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async commit(next: Stored, touched: Set<string>): Promise<ConfigChange> {
    const doc: ConfigDocument = {
      version: 1,
      targets: Object.fromEntries([...next].map(([name, values]) => [name, Object.fromEntries(values)])),
    };
    await this.files.writeSystemFile(CONFIG_PATH, Buffer.from(`${JSON.stringify(doc, null, 2)}\n`));
    this.stored = next;
    let applied = true;
    const changed: string[] = [];
    for (const subsystem of touched) {
      const def = subsystemDef(subsystem);
      if (def?.dynamic !== true) {
        applied = false;
        continue;
      }
      this.resolved.clear();
      for (const name of [...this.live.keys()]) if (splitId(name)[0] === subsystem) this.live.delete(name);
      for (const [name, values] of next)
        if (splitId(name)[0] === subsystem) this.live.set(name, new Map(values));
      changed.push(subsystem);
    }
    for (const subsystem of changed) for (const listener of this.listeners) listener(subsystem);
    return { applied };
  }

  /** Defaults ⊕ `values` ⊕ environment (unless `withoutEnv`). */
  private merge(
    def: SubsystemDef,
    target: string,
    values: ReadonlyMap<string, string>,
    withoutEnv = false,
  ): Map<string, string> {
    const out = new Map<string, string>();
    for (const f of def.fields) if (f.default !== '' || !f.deprecated) out.set(f.key, f.default);
    for (const [k, v] of values) out.set(k, v);
    if (!withoutEnv) for (const [k, o] of envOverrides(this.env, def, target)) out.set(k, o.value);
    return out;
  }

  private values(from: Stored, subsystem: string, target: string): ConfigValues {
    const def = subsystemDef(subsystem);
    if (def === undefined) return new Map();
    return this.merge(def, target, from.get(id(subsystem, target)) ?? new Map());
  }

  /** Targets set in `from` or in the environment (the default one first). */
  private targetNames(from: Stored, subsystem: string): string[] {
    const def = subsystemDef(subsystem);
    if (def === undefined) return [];
    const names = new Set<string>();
    for (const name of from.keys()) {
      const [sub, target] = splitId(name);
      if (sub === subsystem) names.add(target);
    }
    if (envOverrides(this.env, def, '').size > 0) names.add('');
    for (const target of envTargets(this.env, def)) names.add(target);
    return [...names].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b)));
  }

  /** What get-config-kv lists for a whole sub-system: the default target always, then named ones. */
  private shownTargets(def: SubsystemDef): string[] {
    const names = this.targetNames(this.stored, def.name);
    return names.includes('') ? names : ['', ...names];
  }

  private targetText(def: SubsystemDef, target: string, redact: boolean, commentDisabled: boolean): string {
    const stored = this.stored.get(id(def.name, target)) ?? new Map<string, string>();
    const values = this.merge(def, target, stored, true);
    const overrides: Map<string, EnvOverride> = envOverrides(this.env, def, target);
    const hide = (key: string, value: string): string =>
      redact && value !== '' && fieldDef(def, key)?.secret === true ? REDACTED : value;
    const pairs: [string, string][] = [];
    for (const f of def.fields) {
      const value = values.get(f.key) ?? '';
      if (f.deprecated === true && !stored.has(f.key)) continue;
      if (f.key === 'enable' && value === 'on') continue;
      pairs.push([f.key, hide(f.key, value)]);
    }
    const comments = [...overrides].map(([key, o]) => `# ${o.name}=${hide(key, o.value)}\n`).join('');
    const disabled = commentDisabled && def.hasEnable && (values.get('enable') ?? 'off') !== 'on';
    return `${comments}${disabled ? '# ' : ''}${formatKvLine(def.name, target, pairs)}\n`;
  }
}

/** A reader that is the full store (the admin API needs it; tests may hand services a static one). */
export function isConfigStore(reader: ConfigReader): reader is ConfigStore {
  return reader instanceof ConfigStore;
}

/**
 * The region the configuration names (`site region`, else `region name`, environment included),
 * or '' when none was configured (the engine then answers us-east-1 and accepts any signing region,
 * as MinIO does).
 */
export function configuredRegion(reader: ConfigReader): string {
  return reader.get('site').get('region') || reader.get('region').get('name') || '';
}
