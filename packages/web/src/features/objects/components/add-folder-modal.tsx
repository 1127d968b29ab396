/**
 * The Add Folder modal (spec 2 §2, §5): Current Path, the 'Folder Path' field, Clear and Save;
 * Save is disabled while the path is blank after trimming. A folder exists in object storage only
 * through the objects under it, so Save opens the new path, ready for uploads.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';

export interface AddFolderModalProps {
  opened: boolean;
  currentPath: string;
  onClose: () => void;
  onSave: (folderPath: string) => void;
}

export function AddFolderModal({ opened, currentPath, onClose, onSave }: AddFolderModalProps) {
  const { t } = useTranslation(['objects', 'common']);
  const [folderPath, setFolderPath] = useState('');
  const blank = folderPath.trim() === '';
  const close = () => {
    setFolderPath('');
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    onSave(folderPath.trim());
    close();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('addFolder.title')}
      data-testid={OBJECTS_TEST_IDS.addFolder.modal}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <div>
            <Text size="sm" fw={600}>
              {t('addFolder.currentPath')}
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {currentPath}
            </Text>
          </div>
          <TextInput
            label={t('addFolder.folderPath')}
            value={folderPath}
            onChange={(e) => setFolderPath(e.currentTarget.value)}
            data-testid={OBJECTS_TEST_IDS.addFolder.path}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => setFolderPath('')}
              data-testid={OBJECTS_TEST_IDS.addFolder.clear}
            >
              {t('common:actions.clear')}
            </Button>
            <Button type="submit" disabled={blank} data-testid={OBJECTS_TEST_IDS.addFolder.save}>
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
