/**
 * The shape of a sub-system's field definitions (issue 10 §1): what `help-config-kv` answers, what
 * set-config-kv validates against, which defaults `ConfigReader.get` fills in and which values
 * get-config-kv redacts.
 */

/** MinIO's help types (the console maps them to form fields). */
export type FieldType =
  | 'string'
  | 'csv'
  | 'number'
  | 'on|off'
  | 'duration'
  | 'url'
  | 'uri'
  | 'address'
  | 'path'
  | 'sentence'
  | 'enum'
  | 'list';

/** One key of a sub-system. */
export interface FieldDef {
  key: string;
  type: FieldType;
  description: string;
  /** MinIO's default (filled in by `get`); '' when it has none. */
  default: string;
  /** Optional keys may stay empty when the sub-system is enabled. */
  optional: boolean;
  /** A password or token: get-config-kv shows `*redacted*` (the full `GET config` export does not). */
  secret?: boolean;
  /** The values an `enum` accepts. */
  values?: readonly string[];
  /** `path` keys that must be absolute (queue_dir). */
  absolute?: boolean;
  /** URL schemes a `url`/`uri` key accepts; default any. */
  schemes?: readonly string[];
  /** Accepted for compatibility (older MinIO names), not listed by help. */
  deprecated?: boolean;
}

/** One sub-system. */
export interface SubsystemDef {
  name: string;
  description: string;
  /** Several named targets (`notify_webhook:1`) besides the default one. */
  multipleTargets: boolean;
  /**
   * Applied at once, without a restart (MinIO's dynamic sub-systems): set/del answer
   * `x-minio-config-applied: true` and the live configuration changes immediately.
   */
  dynamic: boolean;
  /**
   * Has an `enable` key: required keys are only checked while it is on, and a set-config-kv that
   * omits it turns the target on (MinIO).
   */
  hasEnable: boolean;
  fields: readonly FieldDef[];
  /** Extra checks MinIO can do without reaching the service; return a message or undefined. */
  check?: (values: ReadonlyMap<string, string>) => string | undefined;
}

type FieldOptions = Partial<Omit<FieldDef, 'key' | 'type' | 'description'>>;

/** A field definition (defaults: optional, no default value). */
export function field(
  key: string,
  type: FieldType,
  description: string,
  options: FieldOptions = {},
): FieldDef {
  return { key, type, description, default: '', optional: true, ...options };
}

/** A key that must have a value while the sub-system is enabled. */
export function required(
  key: string,
  type: FieldType,
  description: string,
  options: FieldOptions = {},
): FieldDef {
  return field(key, type, description, { ...options, optional: false });
}

/** MinIO's `enable` key (`default` off: a target is on only once set). */
export function enableField(fallback = 'off'): FieldDef {
  return field('enable', 'on|off', 'enable or disable the target', { default: fallback });
}

/** MinIO's free-text `comment` key, present on every sub-system. */
export const COMMENT_FIELD: FieldDef = field(
  'comment',
  'sentence',
  'optionally add a comment to this setting',
);
