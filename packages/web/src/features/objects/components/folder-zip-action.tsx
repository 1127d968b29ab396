/** A folder row's download action: the folder as one ZIP (issue 9 §5). */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';

export function FolderZipAction(props: {
  name: string;
  folderKey: string;
  onDownload: (key: string) => void;
}) {
  const { t } = useTranslation(['objects', 'common']);
  return (
    <Tooltip label={t('common:actions.download')}>
      <ActionIcon
        variant="subtle"
        aria-label={t('bulk.downloadFolder', { name: props.name })}
        onClick={() => props.onDownload(props.folderKey)}
        data-testid={OBJECTS_TEST_IDS.objectBrowser.download(props.folderKey)}
      >
        <IconDownload size={16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
