/**
 * The Tiers tab (spec 3 §2, distributed setup only): the list of remote tiers (filter, refresh,
 * 'Add Tier'; columns Tier Name, Type, Endpoint, Bucket, Prefix, Region; an edit action opening
 * 'Update Credentials - {type} / {name}'), the type selection (MinIO, GCS, S3, Azure) and 'Add Tier
 * Configuration' — three steps the tab slides between, with 'Back To Tiers' and 'Back To Tier Type
 * Selection'.
 */
import { Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { TIER_CHOICES, type TierChoiceId } from '@coffer/contract/client';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import type { TierItem } from '../../../shared/api/types.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { FilterRefreshAddBar, RowsTable } from '../../../shared/components/rows-table.js';
import { matching } from '../../../shared/components/search-box.js';
import { useTiers } from '../api/tiers.js';
import { BackLink } from './config-section-form.js';
import { AddTierForm } from './add-tier-form.js';
import { TierCredentialsModal } from './tier-credentials-modal.js';

const ids = SETTINGS_TEST_IDS.tiers;
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
      <FilterRefreshAddBar
        filter={{ placeholder: t('tiers.filter'), value: search, onChange: setSearch, testId: ids.search }}
        refresh={{ loading: tiers.isFetching, onClick: () => void tiers.refetch(), testId: ids.refresh }}
        add={{ label: t('tiers.add'), onClick: onAdd, testId: ids.add }}
      />
      <RowsTable
        rows={rows}
        columns={[
          { header: t('tiers.name'), wrap: true, cell: (item) => tierFields(item).name },
          { header: t('tiers.type'), cell: (item) => item.type },
          { header: t('tiers.endpoint'), wrap: true, cell: (item) => tierFields(item).endpoint },
          { header: t('tiers.bucket'), wrap: true, cell: (item) => tierFields(item).bucket },
          { header: t('tiers.prefix'), wrap: true, cell: (item) => tierFields(item).prefix },
          { header: t('tiers.region'), cell: (item) => tierFields(item).region },
        ]}
        rowKey={(item) => `${item.type}/${tierFields(item).name}`}
        rowTestId={(item) => ids.row(tierFields(item).name)}
        action={(item) => (
          <RowAction
            tooltip={t('tiers.updateCredentials')}
            label={t('tiers.editLabel', { name: tierFields(item).name })}
            icon={IconPencil}
            onClick={() => setEditing(item)}
            testId={ids.edit(tierFields(item).name)}
          />
        )}
        empty={{ loaded: tiers.isSuccess, text: t('tiers.empty') }}
        testIds={{ table: ids.table, empty: ids.empty }}
      />
      <TierCredentialsModal tier={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
