/**
 * 'Upload Folder' (issue 9 §4): a directory picker (`webkitdirectory`); every file comes with its
 * path relative to the picked folder's parent (`webkitRelativePath`, e.g. `photos/2024/a.jpg`),
 * which is kept under the current prefix.
 */
import { Button } from '@mantine/core';
import { IconFolderUp } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';

/** The attributes of a directory picker (not in React's input types). */
const DIRECTORY_PICKER = { webkitdirectory: '', directory: '' } as Record<string, string>;

export function UploadFolderButton({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('objects');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        disabled={disabled}
        tabIndex={-1}
        aria-hidden="true"
        data-testid={OBJECTS_TEST_IDS.transfers.folderInput}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Reset, so picking the same folder again fires another change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
        {...DIRECTORY_PICKER}
      />
      <Button
        variant="default"
        disabled={disabled}
        leftSection={<IconFolderUp size={16} aria-hidden="true" />}
        onClick={() => input.current?.click()}
        data-testid={OBJECTS_TEST_IDS.transfers.folder}
      >
        {t('transfers.uploadFolder')}
      </Button>
    </>
  );
}
