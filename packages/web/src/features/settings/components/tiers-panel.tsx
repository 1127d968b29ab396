/**
 * The Tiers tab (spec 3 §2, distributed setup only): the list of remote tiers (filter, refresh,
 * 'Add Tier'; columns Tier Name, Type, Endpoint, Bucket, Prefix, Region; an edit action opening
 * 'Update Credentials - {type} / {name}'), the type selection (MinIO, GCS, S3, Azure) and 'Add Tier
 * Configuration' — three steps the tab slides between, with 'Back To Tiers' and 'Back To Tier Type
 * Selection'.
 */
import { Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { TIER_CHOICES, type TierChoiceId } from '@coffer/contract/client';
import { IconPencil, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import type { TierItem } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { SearchBox, matching } from '../../../shared/components/search-box.js';
import { useTiers } from '../api/tiers.js';
import { BackLink } from './config-section-form.js';
import { AddTierForm } from './add-tier-form.js';
import { TierCredentialsModal } from './tier-credentials-modal.js';

const ids = TEST_IDS.tiers;
export type TierStep = 'list' | 'pick' | TierChoiceId;

/** A listed tier's fields, whichever type it is. */
export function tierFields(item: TierItem) {
  return item[item.type] ?? { name: '', endpoint: '', bucket: '', prefix: '', region: '' };
}

export function TiersPanel({ step, onStep }: { step: TierStep; onStep: (step: TierStep) => void }) {
  if (step === 'list') return <TierList onAdd={() => onStep('pick')} />;
  if (step === 'pick') return <TypePicker onPick={onStep} onBack={() => onStep('list')} />;
  return (
    <AddTierForm choice={step} onBackToList={() => onStep('list')} onBackToTypes={() => onStep('pick')} />
  );
}

function TypePicker({ onPick, onBack }: { onPick: (choice: TierChoiceId) => void; onBack: () => void }) {
  const { t } = useTranslation(['settings']);
  return (
    <Stack gap="md" data-testid={ids.pick}>
      <div>
        <BackLink label={t('tiers.backToList')} onClick={onBack} testId={ids.backToList} />
      </div>
      <Title order={2} size="h3">
        {t('tiers.pick')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" maw={720}>
        {TIER_CHOICES.map((choice) => (
          <Button
            key={choice.id}
            variant="default"
            h={64}
            onClick={() => onPick(choice.id)}
            data-testid={ids.type(choice.id)}
          >
            {choice.label}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function TierList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const tiers = useTiers();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TierItem | null>(null);
  const rows = matching(tiers.data?.items ?? [], search, (item) => tierFields(item).name);
  return (
    <Stack gap={0}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SearchBox placeholder={t('tiers.filter')} value={search} onChange={setSearch} testId={ids.search} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            loading={tiers.isFetching}
            onClick={() => void tiers.refetch()}
            data-testid={ids.refresh}
          >
            {t('common:actions.refresh')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={onAdd}
            data-testid={ids.add}
          >
            {t('tiers.add')}
          </Button>
        </Group>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{t('tiers.name')}</Table.Th>
            <Table.Th>{t('tiers.type')}</Table.Th>
            <Table.Th>{t('tiers.endpoint')}</Table.Th>
            <Table.Th>{t('tiers.bucket')}</Table.Th>
            <Table.Th>{t('tiers.prefix')}</Table.Th>
            <Table.Th>{t('tiers.region')}</Table.Th>
            <Table.Th w={60}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => {
            const tier = tierFields(item);
            return (
              <Table.Tr key={`${item.type}/${tier.name}`} h={40} data-testid={ids.row(tier.name)}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{tier.name}</Table.Td>
                <Table.Td>{item.type}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{tier.endpoint}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{tier.bucket}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{tier.prefix}</Table.Td>
                <Table.Td>{tier.region}</Table.Td>
                <Table.Td>
                  <RowAction
                    tooltip={t('tiers.updateCredentials')}
                    label={t('tiers.editLabel', { name: tier.name })}
                    icon={IconPencil}
                    onClick={() => setEditing(item)}
                    testId={ids.edit(tier.name)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {tiers.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          {t('tiers.empty')}
        </Text>
      )}
      <TierCredentialsModal tier={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
