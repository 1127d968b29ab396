/**
 * The generated fields of a configuration form, in the definition's order, over a form state
 * (`config-form-model.ts`); the caller owns the state and the submit.
 */
import { Stack } from '@mantine/core';
import type { ConfigField, ConfigFieldName } from '@coffer/contract/client';
import type { ConfigFormState } from './config-form-model.js';
import { ConfigFieldInput } from './config-field-input.js';

export function ConfigFields({
  fields,
  state,
  onChange,
  disabled,
}: {
  fields: readonly ConfigField[];
  state: ConfigFormState;
  onChange: (name: ConfigFieldName, value: string) => void;
  disabled: boolean;
}) {
  return (
    <Stack gap="sm">
      {fields.map((field) => (
        <ConfigFieldInput
          key={field.name}
          field={field}
          value={state.values[field.name] ?? ''}
          onChange={(value) => onChange(field.name, value)}
          env={state.env.has(field.name)}
          stored={state.stored.has(field.name)}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

/** The state with one value changed. */
export function withValue(state: ConfigFormState, name: ConfigFieldName, value: string): ConfigFormState {
  return { ...state, values: { ...state.values, [name]: value } };
}
