/**
 * The object details page (spec 2 §2 "Object details page", §4 "Object details"): shown when the
 * browsed path names a file. Header 'Object Browser > Details' with Share, Download and Delete (all
 * disabled for a delete marker); a left navigation
 * with Details and Versions (Versions disabled unless the version id is not 'null'). The version
 * shown is the latest one in a versioned bucket, otherwise the first entry. Its modals — Set
 * Retention Policy, Add New Tag, Delete Tag, Set Legal Hold, Delete Version — are mounted here.
 * Deleting the object itself is the page's (it returns to the parent folder).
 */
import { ActionIcon, Alert, Group, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toApiError } from '../../../../lib/api-error.js';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import { useApiClient } from '../../../../shared/api/api-client-context.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { ConfirmDeleteModal } from '../../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../../shared/components/notify.js';
import { useBucketVersioning } from '../../../buckets/api/bucket-settings.js';
import { LARGE_DOWNLOAD_BYTES, downloadUrl } from '../../api/download-object.js';
import { currentVersion, useDeleteObjectVersion, useObjectVersions } from '../../api/object-details.js';
import { browserPath, displayName, parentPrefix } from '../../api/object-paths.js';
import { AddTagModal } from './add-tag-modal.js';
import { DeleteTagModal } from './delete-tag-modal.js';
import { DetailsPanel } from './details-panel.js';
import { hasVersions } from './details-view.js';
import { LegalHoldModal } from './legal-hold-modal.js';
import { RetentionModal } from './retention-modal.js';
import { ShareAction } from '../share-action.js';
import { VersionsPanel } from './versions-panel.js';

const ids = OBJECTS_TEST_IDS.objectDetails;

type Editing = 'legalHold' | 'retention' | 'addTag' | null;

export interface ObjectDetailsProps {
  bucket: string;
  /** The object as the page found it (shown until its versions are read). */
  object: BucketObject;
  /** Whether the account may delete under this path. */
  canDelete: boolean;
  /** Delete the object (the page confirms and returns to the parent folder). */
  onDelete: () => void;
}

export function ObjectDetails({ bucket, object, canDelete, onDelete }: ObjectDetailsProps) {
  const { t } = useTranslation(['objects', 'common']);
  const client = useApiClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const versions = useObjectVersions(bucket, object.name);
  const versioning = useBucketVersioning(bucket, true);
  const [tab, setTab] = useState<string | null>('details');
  const [editing, setEditing] = useState<Editing>(null);
  const [tagToDelete, setTagToDelete] = useState<string | null>(null);
  const [versionToDelete, setVersionToDelete] = useState<{ version: BucketObject; number: number } | null>(
    null,
  );
  const deleteVersion = useDeleteObjectVersion(bucket);

  const all = versions.data ?? [];
  const version = currentVersion(all) ?? object;
  const marker = version.is_delete_marker === true;
  const name = displayName(object.name);
  const versionsOffered = hasVersions(version);
  const hrefOf = (v: BucketObject) => downloadUrl(client, bucket, v.name, v.version_id);
  const noticeLarge = (v: BucketObject) => {
    if ((v.size ?? 0) > LARGE_DOWNLOAD_BYTES) notify.success(t('downloadStarted'));
  };
  const closeVersionDelete = () => {
    deleteVersion.reset();
    setVersionToDelete(null);
  };

  return (
    <Stack gap="md" data-testid={OBJECTS_TEST_IDS.objectBrowser.fileView}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4" data-testid={ids.header}>
          {t('objectDetails.header')}
        </Title>
        <Group gap="xs">
          <ShareAction
            bucket={bucket}
            objectKey={version.name}
            versionId={version.version_id ?? null}
            disabled={marker}
            size="lg"
          />
          <Tooltip label={t('common:actions.download')}>
            {marker ? (
              <ActionIcon
                variant="default"
                size="lg"
                disabled
                aria-label={t('objectDetails.download', { name })}
                data-testid={ids.download}
              >
                <IconDownload size={18} aria-hidden="true" />
              </ActionIcon>
            ) : (
              <ActionIcon
                component="a"
                variant="default"
                size="lg"
                href={hrefOf(version)}
                download={name}
                onClick={() => noticeLarge(version)}
                aria-label={t('objectDetails.download', { name })}
                data-testid={ids.download}
              >
                <IconDownload size={18} aria-hidden="true" />
              </ActionIcon>
            )}
          </Tooltip>
          <Tooltip label={t('common:actions.delete')}>
            <ActionIcon
              variant="default"
              size="lg"
              color="red.9"
              disabled={marker || !canDelete}
              onClick={onDelete}
              aria-label={t('objectDetails.delete', { name })}
              data-testid={ids.delete}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {versions.isError && (
        <Alert color="red" role="alert" data-testid={ids.loadError}>
          {t('objectDetails.loadFailed', { message: toApiError(versions.error).message })}
        </Alert>
      )}
      <Tabs value={tab} onChange={setTab} orientation="vertical" keepMounted={false}>
        <Tabs.List aria-label={t('objectDetails.nav')}>
          <Tabs.Tab value="details" data-testid={ids.tabDetails}>
            {t('objectDetails.details')}
          </Tabs.Tab>
          <Tabs.Tab value="versions" disabled={!versionsOffered} data-testid={ids.tabVersions}>
            {t('objectDetails.versions')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pl="lg">
          <Text fw={600} mb="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <DetailsPanel
            version={version}
            bucketVersioned={versioning.data?.is_versioned === true}
            onEditLegalHold={() => setEditing('legalHold')}
            onEditRetention={() => setEditing('retention')}
            onAddTag={() => setEditing('addTag')}
            onDeleteTag={setTagToDelete}
          />
        </Tabs.Panel>
        <Tabs.Panel value="versions" pl="lg">
          <VersionsPanel
            bucket={bucket}
            versions={all}
            downloadHref={hrefOf}
            onDownload={noticeLarge}
            onDelete={(v, number) => setVersionToDelete({ version: v, number })}
            canDelete={canDelete}
          />
        </Tabs.Panel>
      </Tabs>
      <RetentionModal
        bucket={bucket}
        version={editing === 'retention' ? version : null}
        onClose={() => setEditing(null)}
      />
      <LegalHoldModal
        bucket={bucket}
        version={editing === 'legalHold' ? version : null}
        onClose={() => setEditing(null)}
      />
      <AddTagModal
        bucket={bucket}
        version={editing === 'addTag' ? version : null}
        onClose={() => setEditing(null)}
      />
      <DeleteTagModal
        bucket={bucket}
        version={version}
        tagKey={tagToDelete}
        onClose={() => setTagToDelete(null)}
      />
      <ConfirmDeleteModal
        opened={versionToDelete !== null}
        title={t('objectDetails.deleteVersionTitle')}
        pending={deleteVersion.isPending}
        error={deleteVersion.error}
        onClose={closeVersionDelete}
        onConfirm={() => {
          if (versionToDelete === null) return;
          const { version: v, number } = versionToDelete;
          const label = t('objectDetails.versionLabel', { number });
          deleteVersion.mutate(
            { key: v.name, versionId: v.version_id },
            {
              onSuccess: () => {
                notify.success(t('objectDetails.versionDeleted', { version: label }));
                closeVersionDelete();
                // The last version gone, nothing is left to show: back to the folder.
                if (all.length <= 1) void navigate(browserPath(bucket, parentPrefix(v.name)));
              },
            },
          );
        }}
        testIds={OBJECTS_TEST_IDS.deleteVersionModal}
      >
        {versionToDelete !== null &&
          t('objectDetails.deleteVersionQuestion', {
            version: t('objectDetails.versionLabel', { number: versionToDelete.number }),
            name,
          })}
      </ConfirmDeleteModal>
    </Stack>
  );
}
