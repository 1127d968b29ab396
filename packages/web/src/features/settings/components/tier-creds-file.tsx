/**
 * A GCS tier's credentials: the service account's .json file, read in the browser and kept as
 * base64 (spec 3 §3 "GCS has creds: the base64 content of an uploaded .json file").
 */
import { FileInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A file's bytes as base64. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function CredentialsFileInput({
  value,
  onChange,
  disabled,
  testId,
}: {
  value: string;
  onChange: (base64: string) => void;
  disabled: boolean;
  testId: string;
}) {
  const { t } = useTranslation(['settings']);
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileInput
      label={t('tiers.credentialsFile')}
      withAsterisk
      accept="application/json,.json"
      value={file}
      placeholder={value === '' ? t('tiers.pickFile') : undefined}
      onChange={(picked) => {
        setFile(picked);
        if (picked === null) onChange('');
        else void base64Of(picked).then(onChange);
      }}
      disabled={disabled}
      clearable
      data-testid={testId}
    />
  );
}
