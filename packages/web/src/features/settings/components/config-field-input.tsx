/**
 * One generated configuration field (spec 3 §3): its label with the required mark and a tooltip,
 * and the input its type asks for — a list editor for csv, a switch for on|off, a select for enum,
 * a text area for comment, a masked input for secrets, a text input otherwise. A value the server's
 * environment sets is shown read-only with a word on why.
 */
import {
  ActionIcon,
  Box,
  Group,
  NativeSelect,
  PasswordInput,
  Switch,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import type { ConfigField } from '@coffer/contract/client';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { CsvInput } from './csv-input.js';

const ids = SETTINGS_TEST_IDS.settings;

/** The field's tooltip, reachable by keyboard. */
export function FieldTip({ name, tip }: { name: string; tip: string }) {
  return (
    <Tooltip label={tip} multiline maw={320} withArrow>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={tip} data-testid={ids.fieldTip(name)}>
        <IconInfoCircle size={16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

export function ConfigFieldInput({
  field,
  value,
  onChange,
  env,
  stored,
  disabled,
}: {
  field: ConfigField;
  value: string;
  onChange: (value: string) => void;
  /** The environment sets this key. */
  env: boolean;
  /** A secret with a stored value. */
  stored: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation(['settings']);
  const label = t(`fields.${field.name}.label`);
  const tip = t(`fields.${field.name}.tooltip`);
  const required = field.required === true && !env;
  const common = {
    label,
    withAsterisk: required,
    disabled: disabled || env,
    description: env ? t('field.envOverride') : undefined,
    'data-testid': ids.field(field.name),
  };
  const tipped = (input: ReactNode) => (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <div style={{ flex: 1 }}>{input}</div>
      {/* Level with the input, below its label. */}
      <Box pb={7}>
        <FieldTip name={field.name} tip={tip} />
      </Box>
    </Group>
  );

  switch (field.type) {
    case 'csv':
      return tipped(
        <CsvInput
          name={field.name}
          label={label}
          text={label}
          value={value}
          onChange={onChange}
          required={required}
          disabled={disabled || env}
        />,
      );
    case 'on|off':
      return (
        <Group gap={4} wrap="nowrap">
          <Switch
            label={label}
            checked={value === 'on'}
            disabled={disabled || env}
            onChange={(e) => onChange(e.currentTarget.checked ? 'on' : 'off')}
            data-testid={ids.field(field.name)}
          />
          <FieldTip name={field.name} tip={tip} />
          {env && (
            <Text size="xs" c="dimmed">
              {t('field.envOverride')}
            </Text>
          )}
        </Group>
      );
    case 'enum': {
      const options = field.options ?? [];
      // No default: the server's own applies until one is chosen.
      const data =
        field.default === undefined && field.required !== true
          ? [{ value: '', label: t('field.noChoice') }, ...options.map((o) => ({ value: o, label: o }))]
          : options.map((o) => ({ value: o, label: o }));
      return tipped(
        <NativeSelect
          {...common}
          data={data}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />,
      );
    }
    case 'comment':
      return tipped(
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />,
      );
    default:
      if (field.secret === true && !env)
        return tipped(
          <PasswordInput
            {...common}
            withAsterisk={required && !stored}
            placeholder={stored ? t('field.secretKept') : undefined}
            autoComplete="new-password"
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
          />,
        );
      return tipped(
        <TextInput
          {...common}
          inputMode={field.type === 'number' ? 'numeric' : undefined}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />,
      );
  }
}
