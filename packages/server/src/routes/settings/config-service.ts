/**
 * Configuration sections and targets over the admin API's KV text (spec 3 §3 "Configuration
 * entry", §7 "Settings"; wire doc §3.6). Reads parse get-config-kv's text; writes build one
 * set-config-kv line. Empty values are dropped (spec 3 §3), and so are values still holding the
 * server's redaction marker — the form sends back what it was shown, and a redacted secret sent
 * back means "unchanged", never "set the secret to *redacted*". Secret keys are also redacted
 * here whatever the server sent, so no answer of the console carries a stored password.
 */
import {
  AdminApiError,
  formatConfigKV,
  parseConfigKV,
  splitConfigName,
  type AdminClient,
  type ConfigTarget,
} from '@coffer/admin-client';
import type {
  ConfigKeyValue,
  ConfigTargetsResponse,
  Configuration,
  SetConfigResponse,
} from '@coffer/contract';
import { ConsoleError, invalidRequest } from '../../errors.js';

/** What MinIO writes in place of a secret (wire doc §3.6). */
export const REDACTED = '*redacted*';

/**
 * Keys holding secrets in MinIO's subsystems (notification targets' passwords and tokens, the
 * webhooks' auth tokens, OpenID's client secret, LDAP's bind password).
 */
const SECRET_KEYS = new Set([
  'password',
  'auth_token',
  'sasl_password',
  'token',
  'client_secret',
  'lookup_bind_password',
  'secret_key',
]);

function targetName(t: ConfigTarget): string {
  return t.target === '' ? t.subSys : `${t.subSys}:${t.target}`;
}

function presentKV(kv: ConfigTarget['kvs'][number]): ConfigKeyValue {
  const raw = kv.envOverride ? kv.envOverride.value : kv.value;
  const value = SECRET_KEYS.has(kv.key) && raw !== '' ? REDACTED : raw;
  return { key: kv.key, value, ...(kv.envOverride ? { env_override: true } : {}) };
}

function present(t: ConfigTarget): Configuration {
  return { name: targetName(t), key_values: t.kvs.map(presentKV) };
}

function parseName(name: string): { subSys: string; target: string } {
  const split = splitConfigName(name);
  if (!split) throw invalidRequest("A configuration is named 'subsystem' or 'subsystem:target'", name);
  return split;
}

/** The targets of `subSys` the server holds (one get-config-kv call). */
async function targetsOf(admin: AdminClient, subSys: string): Promise<ConfigTarget[]> {
  return parseConfigKV(await admin.getConfigKV(subSys)).filter((t) => t.subSys === subSys);
}

/** GET /configs/{name}. */
export async function getConfig(admin: AdminClient, name: string): Promise<Configuration> {
  const { subSys, target } = parseName(name);
  // The whole subsystem, then the target: servers differ in how they refuse an unknown target.
  const found = (await targetsOf(admin, subSys)).find((t) => t.target === target);
  if (!found) throw new ConsoleError('not_found', `There is no configuration ${name}`, name);
  return present(found);
}

/** The lowest positive integer not yet used as a target id of the subsystem (as text). */
export function freeTargetId(targets: readonly ConfigTarget[]): string {
  const used = new Set(targets.map((t) => t.target));
  let id = 1;
  while (used.has(String(id))) id++;
  return String(id);
}

/** A refusal of set/del-config-kv as the console's answer: the server's message, config_invalid. */
function configRefusal(err: unknown): unknown {
  if (err instanceof AdminApiError && err.status === 400) {
    return new ConsoleError('config_invalid', err.message, `${err.code}: ${err.message}`);
  }
  return err;
}

/**
 * PUT /configs/{name}: set the keys sent (empty and still-redacted values dropped). On
 * `notify_<service>` without a target, a new target under the lowest free id.
 */
export async function setConfig(
  admin: AdminClient,
  name: string,
  keyValues: readonly { key: string; value: string }[],
): Promise<SetConfigResponse> {
  const { subSys, target } = parseName(name);
  const kvs = keyValues.filter((kv) => kv.value !== '' && kv.value !== REDACTED);
  for (const kv of kvs) {
    if (/[\r\n]/.test(kv.value)) throw invalidRequest(`The value of ${kv.key} must be on one line`);
  }
  const seen = new Set<string>();
  for (const kv of kvs) {
    if (seen.has(kv.key)) throw invalidRequest(`The key ${kv.key} is given twice`);
    seen.add(kv.key);
  }
  const addsTarget = target === '' && subSys.startsWith('notify_');
  if (kvs.length === 0) {
    throw invalidRequest(
      'Enter at least one value',
      `nothing to set for ${name} once empty values are dropped`,
    );
  }
  const fullName = addsTarget ? `${subSys}:${freeTargetId(await targetsOf(admin, subSys))}` : name;
  try {
    const { restart } = await admin.setConfigKV(formatConfigKV(fullName, kvs));
    return addsTarget ? { restart, name: fullName } : { restart };
  } catch (err) {
    throw configRefusal(err);
  }
}

/** DELETE /configs/{name}: the section back to its defaults, or the target removed. */
export async function resetConfig(admin: AdminClient, name: string): Promise<{ restart: boolean }> {
  parseName(name);
  try {
    return await admin.delConfigKV(name);
  } catch (err) {
    throw configRefusal(err);
  }
}

/**
 * GET /configs/{subsystem}/targets: every named target, and the default (unnamed) one unless it
 * is switched off — an unconfigured subsystem answers its defaults as that target, `enable=off`.
 */
export async function listConfigTargets(
  admin: AdminClient,
  subsystem: string,
): Promise<ConfigTargetsResponse> {
  const targets = (await targetsOf(admin, subsystem)).filter(
    (t) => t.target !== '' || t.kvs.find((kv) => kv.key === 'enable')?.value !== 'off',
  );
  const listed = targets.map(present);
  listed.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  return { targets: listed };
}
