/**
 * The Postgres and MySQL connection builders (spec 3 §3): the connection string is built from its
 * parts — host, port, dbname, user, password and, for Postgres, sslmode (spec 3 §9 options) — or
 * typed manually. The built string is what the form holds and sends, shown as it will be sent
 * (with the password masked).
 */
import {
  Code,
  NativeSelect,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  POSTGRES_SSL_MODES,
  mysqlDsn,
  postgresConnectionString,
  type MysqlParts,
  type PostgresParts,
} from '@coffer/contract/client';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';

const ids = SETTINGS_TEST_IDS.lambda;
type Kind = 'postgres' | 'mysql';
type Mode = 'parts' | 'manual';
/** The parts typed as plain text, in the form's order. */
const TEXT_PARTS = ['host', 'port', 'dbname', 'user'] as const;

const EMPTY_PARTS: PostgresParts = { host: '', port: '', dbname: '', user: '', password: '', sslmode: '' };

/** The string the parts make. */
export function builtConnection(kind: Kind, parts: PostgresParts): string {
  if (kind === 'postgres') return postgresConnectionString(parts);
  const mysql: MysqlParts = parts;
  // Nothing typed yet: nothing to send (a bare '@tcp()/' would only be refused).
  return [mysql.host, mysql.port, mysql.dbname, mysql.user, mysql.password].every((p) => p.trim() === '')
    ? ''
    : mysqlDsn(mysql);
}

export function ConnectionBuilder({
  kind,
  manualInput,
  onChange,
  disabled,
}: {
  kind: Kind;
  /** The field of the string typed manually (the generated connection_string / dsn_string input). */
  manualInput: ReactNode;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(['settings']);
  const [mode, setMode] = useState<Mode>('parts');
  const [parts, setParts] = useState<PostgresParts>(EMPTY_PARTS);
  const update = (change: Partial<PostgresParts>) => {
    const next = { ...parts, ...change };
    setParts(next);
    onChange(builtConnection(kind, next));
  };
  const shown = builtConnection(kind, { ...parts, password: parts.password === '' ? '' : '••••' });
  const part = (name: (typeof TEXT_PARTS)[number]) => (
    <TextInput
      key={name}
      label={t(`builder.${name}`)}
      value={parts[name]}
      disabled={disabled}
      inputMode={name === 'port' ? 'numeric' : undefined}
      onChange={(e) => update({ [name]: e.currentTarget.value })}
      data-testid={ids.builderPart(name)}
    />
  );
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('builder.mode')}
        value={mode}
        onChange={(value) => {
          const next = value as Mode;
          setMode(next);
          // Each way starts from what it shows.
          onChange(next === 'parts' ? builtConnection(kind, parts) : '');
        }}
        data={[
          { value: 'parts', label: t('builder.buildFromParts') },
          { value: 'manual', label: t('builder.enterManually') },
        ]}
        disabled={disabled}
        data-testid={ids.builderMode}
      />
      {mode === 'manual' ? (
        manualInput
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {TEXT_PARTS.map((name) => part(name))}

            <PasswordInput
              label={t('builder.password')}
              value={parts.password}
              disabled={disabled}
              autoComplete="new-password"
              onChange={(e) => update({ password: e.currentTarget.value })}
              data-testid={ids.builderPart('password')}
            />
            {kind === 'postgres' && (
              <NativeSelect
                label={t('builder.sslmode')}
                value={parts.sslmode}
                disabled={disabled}
                data={[{ value: '', label: t('field.noChoice') }, ...POSTGRES_SSL_MODES]}
                onChange={(e) => update({ sslmode: e.currentTarget.value })}
                data-testid={ids.builderPart('sslmode')}
              />
            )}
          </SimpleGrid>
          <div>
            <Text size="sm" fw={500}>
              {t('builder.result')}
            </Text>
            <Code block data-testid={ids.builderResult}>
              {shown}
            </Code>
          </div>
        </>
      )}
    </Stack>
  );
}
