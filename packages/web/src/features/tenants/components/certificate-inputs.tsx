/**
 * Upload rows for certificates (spec 3 §2 Security; §5 file types: certs .cer/.crt/.cert/.pem,
 * keys .key/.pem): key-pair rows (Cert + Key) and CA rows, added and removed — at least one row
 * stays (spec 3 §4). Files are read as base64, the form the security call carries.
 */
import { ActionIcon, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { KeyPair } from '../api/types.js';

const CERT_TYPES = '.cer,.crt,.cert,.pem';
const KEY_TYPES = '.key,.pem';

export async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** An upload row: the file's name for the field, its content as base64. */
export interface Upload {
  fileName: string;
  content: string;
}
export interface PairUpload {
  crt: Upload | null;
  key: Upload | null;
}

const EMPTY_PAIR: PairUpload = { crt: null, key: null };

export function completePairs(rows: readonly PairUpload[]): KeyPair[] {
  return rows.flatMap((row) =>
    row.crt !== null && row.key !== null ? [{ crt: row.crt.content, key: row.key.content }] : [],
  );
}

function UploadField({
  label,
  accept,
  value,
  onChange,
}: {
  label: string;
  accept: string;
  value: Upload | null;
  onChange: (upload: Upload | null) => void;
}) {
  return (
    <FileInput
      label={label}
      accept={accept}
      clearable
      w={220}
      value={value === null ? null : new File([], value.fileName)}
      onChange={(file) => {
        if (file === null) onChange(null);
        else void fileToBase64(file).then((content) => onChange({ fileName: file.name, content }));
      }}
    />
  );
}

export function KeyPairRows({
  title,
  rows,
  onChange,
}: {
  title: string;
  rows: readonly PairUpload[];
  onChange: (rows: PairUpload[]) => void;
}) {
  const { t } = useTranslation('tenants');
  const set = (index: number, row: PairUpload) => onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      {rows.map((row, index) => (
        <Group key={index} align="flex-end">
          <UploadField
            label={t('security.certFile')}
            accept={CERT_TYPES}
            value={row.crt}
            onChange={(crt) => set(index, { ...row, crt })}
          />
          <UploadField
            label={t('security.keyFile')}
            accept={KEY_TYPES}
            value={row.key}
            onChange={(key) => set(index, { ...row, key })}
          />
          <RemoveRow
            disabled={rows.length <= 1}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Group>
      ))}
      <AddRow label={t('security.addPair')} onClick={() => onChange([...rows, EMPTY_PAIR])} />
    </Stack>
  );
}

export function CaRows({
  title,
  rows,
  onChange,
}: {
  title: string;
  rows: readonly (Upload | null)[];
  onChange: (rows: (Upload | null)[]) => void;
}) {
  const { t } = useTranslation('tenants');
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      {rows.map((row, index) => (
        <Group key={index} align="flex-end">
          <UploadField
            label={t('security.caFile')}
            accept={CERT_TYPES}
            value={row}
            onChange={(upload) => onChange(rows.map((r, i) => (i === index ? upload : r)))}
          />
          <RemoveRow
            disabled={rows.length <= 1}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Group>
      ))}
      <AddRow label={t('security.addCa')} onClick={() => onChange([...rows, null])} />
    </Stack>
  );
}

export { EMPTY_PAIR };

/** Removes one row of a list of uploads; the last row stays. */
function RemoveRow({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation('tenants');
  return (
    <ActionIcon variant="subtle" aria-label={t('security.removeEntry')} disabled={disabled} onClick={onClick}>
      <IconX size={16} aria-hidden="true" />
    </ActionIcon>
  );
}

/** Adds an empty row to a list of uploads. */
function AddRow({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Group>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        onClick={onClick}
      >
        {label}
      </Button>
    </Group>
  );
}
