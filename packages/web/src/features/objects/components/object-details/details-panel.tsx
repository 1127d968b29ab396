/**
 * The Details tab of the object details page (spec 2 §2): Legal Hold and Retention with their
 * edit buttons, Tags as chips each with a delete icon plus an 'Add tag' chip, and the Object
 * Metadata table of the version's user metadata. Editing is off for delete markers; Legal Hold
 * also needs a versioned bucket (the tooltip of spec 2 §5 says why).
 */
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { legalHoldValue } from './details-view.js';

const ids = OBJECTS_TEST_IDS.objectDetails;

export interface DetailsPanelProps {
  version: BucketObject;
  bucketVersioned: boolean;
  onEditLegalHold: () => void;
  onEditRetention: () => void;
  onAddTag: () => void;
  onDeleteTag: (key: string) => void;
}

export function DetailsPanel(props: DetailsPanelProps) {
  const { version, bucketVersioned } = props;
  const { t } = useTranslation(['objects', 'common']);
  const format = useFormat();
  const marker = version.is_delete_marker === true;
  const hold = legalHoldValue(version, bucketVersioned);
  const holdText =
    hold === 'disabled' ? t('common:status.disabled') : hold === 'none' ? t('objectDetails.off') : hold;
  const retention =
    version.retention_mode === undefined
      ? t('objectDetails.undefinedRetention')
      : t('objectDetails.retentionUntil', {
          mode: t(`objectDetails.modes.${version.retention_mode}`),
          date: format.date(version.retention_until_date),
        });
  const tags = Object.entries(version.tags ?? {});
  const metadata = Object.entries(version.user_metadata ?? {});

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={600}>{t('objectDetails.legalHold')}:</Text>
        <Text data-testid={ids.legalHold}>{holdText}</Text>
        <Tooltip
          label={bucketVersioned ? t('objectDetails.editLegalHold') : t('objectDetails.legalHoldTooltip')}
        >
          {/* A wrapper, so the tooltip also explains a disabled button. */}
          <span>
            <ActionIcon
              variant="subtle"
              aria-label={t('objectDetails.editLegalHold')}
              disabled={!bucketVersioned || marker}
              onClick={props.onEditLegalHold}
              data-testid={ids.editLegalHold}
            >
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          </span>
        </Tooltip>
      </Group>
      <Group gap="xs">
        <Text fw={600}>{t('objectDetails.retention')}:</Text>
        <Text data-testid={ids.retention}>{retention}</Text>
        <Tooltip label={t('objectDetails.editRetention')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('objectDetails.editRetention')}
            disabled={marker}
            onClick={props.onEditRetention}
            data-testid={ids.editRetention}
          >
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap={6}>
        <Text fw={600}>{t('objectDetails.tags')}:</Text>
        <Group gap="xs" data-testid={ids.tags}>
          {tags.map(([key, value]) => (
            <Badge
              key={key}
              variant="light"
              size="lg"
              tt="none"
              data-testid={ids.tag(key)}
              rightSection={
                <ActionIcon
                  size="xs"
                  variant="transparent"
                  color="gray.8"
                  aria-label={t('objectDetails.deleteTag', { tag: key })}
                  disabled={marker}
                  onClick={() => props.onDeleteTag(key)}
                  data-testid={ids.deleteTag(key)}
                >
                  <IconX size={12} aria-hidden="true" />
                </ActionIcon>
              }
            >
              {t('objectDetails.tagChip', { key, value })}
            </Badge>
          ))}
          <Button
            size="compact-sm"
            radius="xl"
            variant="outline"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            disabled={marker}
            onClick={props.onAddTag}
            data-testid={ids.addTag}
          >
            {t('objectDetails.addTag')}
          </Button>
        </Group>
      </Stack>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('objectDetails.metadata')}
        </Title>
        {metadata.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('objectDetails.noMetadata')}
          </Text>
        ) : (
          <Table withTableBorder data-testid={ids.metadata} maw={720}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('objectDetails.metadataKey')}</Table.Th>
                <Table.Th>{t('objectDetails.metadataValue')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {metadata.map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Td>{key}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Stack>
  );
}
