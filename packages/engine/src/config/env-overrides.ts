/**
 * Environment overrides as MinIO reads them: `MINIO_<SUBSYS>_<KEY>` for the default target and
 * `MINIO_<SUBSYS>_<KEY>_<TARGET>` for a named one (`MINIO_NOTIFY_WEBHOOK_ENABLE_1=on`); a named
 * target exists in the environment when its `…_ENABLE_<TARGET>` variable is set. Plus the older
 * single names MinIO still honours for the region (`MINIO_REGION`, `MINIO_SITE_REGION`) and
 * Coffer's own `COFFER_REGION`. An override wins over the stored value and is reported by
 * get-config-kv as a `# NAME=value` comment line.
 */
import type { SubsystemDef } from './subsystem-types.js';

/** An override in force: the variable's name and its value. */
export interface EnvOverride {
  name: string;
  value: string;
}

/** Extra names per `subsys key` (the generic name is tried first). */
const ALIASES: Record<string, readonly string[]> = {
  'region name': ['MINIO_REGION', 'COFFER_REGION'],
  'site region': ['MINIO_SITE_REGION'],
};

/** The generic variable name of a key. */
export function envName(subsystem: string, key: string, target = ''): string {
  const base = `MINIO_${subsystem}_${key}`.toUpperCase();
  return target === '' ? base : `${base}_${target.toUpperCase()}`;
}

/** The overrides of one target, by key. */
export function envOverrides(
  env: NodeJS.ProcessEnv,
  def: SubsystemDef,
  target: string,
): Map<string, EnvOverride> {
  const out = new Map<string, EnvOverride>();
  for (const field of def.fields) {
    const names = [envName(def.name, field.key, target)];
    if (target === '') names.push(...(ALIASES[`${def.name} ${field.key}`] ?? []));
    for (const name of names) {
      const value = env[name];
      if (value !== undefined && value !== '') {
        out.set(field.key, { name, value });
        break;
      }
    }
  }
  return out;
}

/** Named targets that the environment defines (by their `…_ENABLE_<TARGET>` variable), lower-case. */
export function envTargets(env: NodeJS.ProcessEnv, def: SubsystemDef): string[] {
  if (!def.multipleTargets || !def.hasEnable) return [];
  const prefix = `${envName(def.name, 'enable')}_`;
  return Object.keys(env)
    .filter((name) => name.startsWith(prefix) && name.length > prefix.length && env[name] !== '')
    .map((name) => name.slice(prefix.length).toLowerCase());
}
