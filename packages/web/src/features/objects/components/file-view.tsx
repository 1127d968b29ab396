/**
 * What a path shows when it names a file rather than a folder (spec 2 §4): its name, size and date,
 * with Download and Delete.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { TEST_IDS } from '../../../selectors.js';
import type { BucketObject } from '../../../shared/api/types.js';
import { displayName } from '../api/object-paths.js';
import { ShareFileButton } from './share-file-button.js';

export interface FileViewProps {
  bucket: string;
  object: BucketObject;
  downloadHref: string;
  onDownload: () => void;
  onDelete: () => void;
  /** Whether the account may delete the file (Delete is disabled otherwise). */
  canDelete: boolean;
}

export function FileView({ bucket, object, downloadHref, onDownload, onDelete, canDelete }: FileViewProps) {
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();
  return (
    <Card withBorder maw={640} data-testid={TEST_IDS.objectBrowser.fileView}>
      <Stack gap="xs">
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {displayName(object.name)}
        </Text>
        <Text size="sm">{t('file.size', { size: format.bytes(object.size ?? 0) })}</Text>
        <Text size="sm">{t('file.lastModified', { date: format.date(object.last_modified) })}</Text>
        <Group mt="sm">
          <Button
            component="a"
            href={downloadHref}
            download={displayName(object.name)}
            onClick={onDownload}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            {t('common:actions.download')}
          </Button>
          <ShareFileButton
            bucket={bucket}
            objectKey={object.name}
            disabled={object.is_delete_marker === true}
          />
          <Button
            // Filled: an outline in red.9 is too faint on the dark scheme's background (axe).
            color="red.9"
            onClick={onDelete}
            disabled={!canDelete}
            leftSection={<IconTrash size={16} aria-hidden="true" />}
          >
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
