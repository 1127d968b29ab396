/**
 * What a path shows when it names a file rather than a folder (spec 2 §4): its name, size and date,
 * with Download and Delete.
 */
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { formatBytes } from '../../../lib/units.js';
import { TEST_IDS } from '../../../selectors.js';
import { formatDate } from '../../../shared/components/format-date.js';
import type { BucketObject } from '../../../shared/api/types.js';
import { displayName } from '../api/object-paths.js';

export interface FileViewProps {
  object: BucketObject;
  downloadHref: string;
  onDownload: () => void;
  onDelete: () => void;
}

export function FileView({ object, downloadHref, onDownload, onDelete }: FileViewProps) {
  return (
    <Card withBorder maw={640} data-testid={TEST_IDS.objectBrowser.fileView}>
      <Stack gap="xs">
        <Text fw={600} style={{ wordBreak: 'break-all' }}>
          {displayName(object.name)}
        </Text>
        <Text size="sm">Size: {formatBytes(object.size ?? 0)}</Text>
        <Text size="sm">Last Modified: {formatDate(object.last_modified)}</Text>
        <Group mt="sm">
          <Button
            component="a"
            href={downloadHref}
            download={displayName(object.name)}
            onClick={onDownload}
            leftSection={<IconDownload size={16} aria-hidden="true" />}
          >
            Download
          </Button>
          <Button
            color="red.9"
            variant="outline"
            onClick={onDelete}
            leftSection={<IconTrash size={16} aria-hidden="true" />}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
