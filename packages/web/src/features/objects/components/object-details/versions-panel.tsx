/**
 * The Versions tab of the object details page (spec 2 §2): search by version id; the version
 * number (v1 the oldest), Version ID, Last Modified and Deleted (Yes/No); per row Share and
 * Download (both disabled for delete markers) and Delete of that version.
 */
import { ActionIcon, Group, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { displayName } from '../../api/object-paths.js';
import { ShareAction } from '../share-action.js';
import { numberedVersions, versionIdOf } from './details-view.js';

const ids = OBJECTS_TEST_IDS.objectDetails;

export interface VersionsPanelProps {
  bucket: string;
  versions: readonly BucketObject[];
  downloadHref: (version: BucketObject) => string;
  onDownload: (version: BucketObject) => void;
  onDelete: (version: BucketObject, number: number) => void;
  canDelete: boolean;
}

export function VersionsPanel({
  bucket,
  versions,
  downloadHref,
  onDownload,
  onDelete,
  canDelete,
}: VersionsPanelProps) {
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();
  const [search, setSearch] = useState('');
  const rows = numberedVersions(versions, search);
  const name = displayName(versions[0]?.name ?? '');
  return (
    <Stack gap="sm">
      <TextInput
        placeholder={t('objectDetails.searchVersions')}
        aria-label={t('objectDetails.searchVersions')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={360}
        maw="100%"
        data-testid={ids.versionsSearch}
      />
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label={t('objectDetails.versionsTable', { name })} data-testid={ids.versionsTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('objectDetails.versionNumber')}</Table.Th>
              <Table.Th>{t('objectDetails.versionId')}</Table.Th>
              <Table.Th>{t('objectDetails.lastModified')}</Table.Th>
              <Table.Th>{t('objectDetails.deleted')}</Table.Th>
              <Table.Th>{t('common:table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ number, version }) => {
              const id = versionIdOf(version);
              const label = t('objectDetails.versionLabel', { number });
              const marker = version.is_delete_marker === true;
              return (
                <Table.Tr key={id} data-testid={ids.versionRow(id)}>
                  <Table.Td>{label}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{id}</Table.Td>
                  <Table.Td>{format.date(version.last_modified)}</Table.Td>
                  <Table.Td>{t(marker ? 'objectDetails.yes' : 'objectDetails.no')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ShareAction
                        bucket={bucket}
                        objectKey={version.name}
                        versionId={version.version_id ?? null}
                        disabled={marker}
                        testId={ids.versionShare(id)}
                      />
                      <Tooltip label={t('objectDetails.downloadVersion', { version: label })}>
                        {marker ? (
                          <ActionIcon
                            variant="subtle"
                            disabled
                            aria-label={t('objectDetails.downloadVersion', { version: label })}
                            data-testid={ids.versionDownload(id)}
                          >
                            <IconDownload size={16} aria-hidden="true" />
                          </ActionIcon>
                        ) : (
                          <ActionIcon
                            component="a"
                            variant="subtle"
                            href={downloadHref(version)}
                            download={displayName(version.name)}
                            onClick={() => onDownload(version)}
                            aria-label={t('objectDetails.downloadVersion', { version: label })}
                            data-testid={ids.versionDownload(id)}
                          >
                            <IconDownload size={16} aria-hidden="true" />
                          </ActionIcon>
                        )}
                      </Tooltip>
                      <Tooltip label={t('objectDetails.deleteVersion', { version: label })}>
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          disabled={!canDelete}
                          aria-label={t('objectDetails.deleteVersion', { version: label })}
                          onClick={() => onDelete(version, number)}
                          data-testid={ids.versionDelete(id)}
                        >
                          <IconTrash size={16} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          {t('objectDetails.noVersionMatch')}
        </Text>
      )}
    </Stack>
  );
}
