/**
 * The state of a generated configuration form (spec 3 §3, §5): the values of its fields, started
 * from what the server holds (or the field's default), which keys the environment sets (shown,
 * not sent) and which secrets are stored (never shown back: the form starts them empty and an
 * empty value is dropped on save, so the stored secret stays); the required fields still missing;
 * and the key_values a save sends. CSV values are lists edited apart and joined with commas.
 */
import type { ConfigField, ConfigFieldName } from '@coffer/contract/client';
import type { ConfigKeyValue, ConfigKeyValueInput } from '../../../shared/api/types.js';

export type FormValues = Partial<Record<ConfigFieldName, string>>;

export interface ConfigFormState {
  values: FormValues;
  /** Keys the server's environment sets: shown read-only, never sent. */
  env: ReadonlySet<string>;
  /** Secret keys with a stored value. */
  stored: ReadonlySet<string>;
}

export function initialFormState(
  fields: readonly ConfigField[],
  keyValues: readonly ConfigKeyValue[] = [],
): ConfigFormState {
  const values: FormValues = {};
  const env = new Set<string>();
  const stored = new Set<string>();
  for (const field of fields) {
    const held = keyValues.find((kv) => kv.key === field.name);
    if (held?.env_override === true) env.add(field.name);
    if (field.secret === true && held?.env_override !== true) {
      if (held !== undefined && held.value !== '') stored.add(field.name);
      values[field.name] = '';
    } else values[field.name] = held?.value ?? field.default ?? '';
  }
  return { values, env, stored };
}

/** The required fields with no value (a stored secret or an environment value counts as one). */
export function missingRequired(fields: readonly ConfigField[], state: ConfigFormState): ConfigFieldName[] {
  return fields
    .filter((f) => f.required === true && !state.env.has(f.name) && !state.stored.has(f.name))
    .filter((f) => (state.values[f.name] ?? '').trim() === '')
    .map((f) => f.name);
}

/** What a save sends: every field but the environment's, empty ones dropped (spec 3 §3). */
export function toKeyValues(fields: readonly ConfigField[], state: ConfigFormState): ConfigKeyValueInput[] {
  return fields
    .filter((f) => !state.env.has(f.name))
    .map((f) => {
      const value = state.values[f.name] ?? '';
      // Secrets are sent as typed; other values without the blanks around them.
      return { key: f.name, value: f.secret === true ? value : value.trim() };
    })
    .filter((kv) => kv.value.trim() !== '');
}

/** The entries of a CSV value. */
export function splitCsv(value: string): string[] {
  return value === '' ? [] : value.split(',').map((entry) => entry.trim());
}

/** Spec 3 §5: blank entries dropped, the rest joined with commas. */
export function joinCsv(entries: readonly string[]): string {
  return entries
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .join(',');
}
