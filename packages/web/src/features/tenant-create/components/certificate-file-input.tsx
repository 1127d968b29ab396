/**
 * One certificate or key file (spec 3 §5 "Other": cert .cer, .crt, .cert, .pem; key .key, .pem).
 * The file is read in the browser and kept as base64, the form the create payload carries; a
 * file of another type is refused with a message and not read.
 */
import { FileInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export const CERT_EXTENSIONS = ['.cer', '.crt', '.cert', '.pem'] as const;
export const KEY_EXTENSIONS = ['.key', '.pem'] as const;

/** Whether `fileName` ends with one of the accepted extensions (case-insensitive). */
export function acceptsFile(fileName: string, extensions: readonly string[]): boolean {
  const lower = fileName.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}

/** The file's bytes as base64. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function CertificateFileInput({
  label,
  kind,
  fileName,
  onLoad,
  error,
  testId,
}: {
  label: string;
  kind: 'cert' | 'key';
  fileName: string;
  onLoad: (fileName: string, encoded: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation('tenantCreate');
  const extensions = kind === 'cert' ? CERT_EXTENSIONS : KEY_EXTENSIONS;
  const [typeError, setTypeError] = useState<string | null>(null);
  // The form keeps the name and the content; coming back to the step shows the name again.
  const [shown, setShown] = useState<File | null>(() => (fileName === '' ? null : new File([], fileName)));
  const handleChange = (file: File | null) => {
    if (file === null) return;
    if (!acceptsFile(file.name, extensions)) {
      setTypeError(t('security.wrongFileType', { name: file.name }));
      return;
    }
    setTypeError(null);
    setShown(file);
    void fileToBase64(file).then((encoded) => onLoad(file.name, encoded));
  };
  return (
    <FileInput
      label={label}
      description={t(kind === 'cert' ? 'security.certTypes' : 'security.keyTypes')}
      accept={extensions.join(',')}
      value={shown}
      onChange={handleChange}
      clearable={false}
      error={typeError ?? error}
      data-testid={testId}
    />
  );
}
