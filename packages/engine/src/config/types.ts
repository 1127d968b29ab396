/**
 * The server configuration as the services that act on it read it (issue 10 §1): MinIO's
 * sub-systems (`region`, `compression`, `notify_webhook`, `logger_webhook`, …), each with a default
 * target (`''`) and, for the sub-systems that allow several, named targets (`notify_webhook:1`).
 * Values are MinIO's KV strings (`on`/`off`, durations such as `10s`, comma-separated lists); each
 * reader parses the few keys it needs. The store behind it (admin get/set/del-config-kv, persisted,
 * validated) implements `ConfigReader`; tests give a service a `staticConfig(…)`.
 */

/** Key → value of one sub-system target, defaults filled in for keys that were never set. */
export type ConfigValues = ReadonlyMap<string, string>;

/** One configured target of a sub-system. */
export interface ConfigTarget {
  subsystem: string;
  /** `''` for the sub-system's default target, else its name (`1`, `primary`). */
  target: string;
  values: ConfigValues;
}

/** Read access to the live configuration. */
export interface ConfigReader {
  /** The values of one target (default `''`), defaults merged in; unknown keys are absent. */
  get(subsystem: string, target?: string): ConfigValues;
  /**
   * Every target of a sub-system that has been set (the default one included when any of its keys
   * were set), for sub-systems with several targets (notify_*, logger_webhook, audit_webhook).
   */
  targets(subsystem: string): ConfigTarget[];
  /**
   * Called after a change to `subsystem` is persisted and applies at once (dynamic sub-systems, as
   * MinIO's: compression, logger_webhook, audit_webhook, …); returns the unsubscribe function.
   */
  onChange(listener: (subsystem: string) => void): () => void;
}

/** `on` / `off` (MinIO also accepts `true`/`false`, `enable`/`disable`); undefined → `fallback`. */
export function isOn(value: string | undefined, fallback = false): boolean {
  if (value === undefined || value === '') return fallback;
  return ['on', 'true', 'enable', 'enabled', 'yes', '1'].includes(value.trim().toLowerCase());
}

/** A comma-separated value as its non-blank entries, trimmed. */
export function csv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * A fixed configuration for tests and for services built before the store exists:
 * `staticConfig({ compression: { enable: 'on' }, 'notify_webhook:1': { enable: 'on', endpoint } })`.
 * `set` changes a target and calls the listeners, as the real store does after a dynamic change.
 */
export function staticConfig(initial: Record<string, Record<string, string>> = {}): ConfigReader & {
  set(subsystemAndTarget: string, values: Record<string, string>): void;
} {
  const data = new Map<string, Map<string, string>>();
  const listeners = new Set<(subsystem: string) => void>();
  const split = (name: string): [string, string] => {
    const at = name.indexOf(':');
    return at < 0 ? [name, ''] : [name.slice(0, at), name.slice(at + 1)];
  };
  const put = (name: string, values: Record<string, string>): void => {
    const [subsystem, target] = split(name);
    data.set(`${subsystem}:${target}`, new Map(Object.entries(values)));
  };
  for (const [name, values] of Object.entries(initial)) put(name, values);
  return {
    get: (subsystem, target = '') => data.get(`${subsystem}:${target}`) ?? new Map(),
    targets: (subsystem) =>
      [...data.entries()]
        .map(([name, values]) => ({ name: split(name), values }))
        .filter(({ name }) => name[0] === subsystem)
        .map(({ name, values }) => ({ subsystem, target: name[1], values })),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set: (name, values) => {
      put(name, values);
      for (const listener of listeners) listener(split(name)[0]);
    },
  };
}
