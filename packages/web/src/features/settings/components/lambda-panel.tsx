/**
 * The Lambda Notifications tab (spec 3 §2): the list of notification targets (filter, refresh,
 * 'Add Notification Target'; columns Status and Service, Offline in its own colour; delete per
 * target), 'Pick a supported service' with the 10 services, and the chosen service's form — three
 * steps the tab slides between (spec 3 §4).
 */
import { Badge, Button, SimpleGrid, Stack, Title } from '@mantine/core';
import { NOTIFY_SERVICE_IDS, NOTIFY_SERVICE_NAMES, type NotifyServiceId } from '@coffer/contract/client';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import type { NotificationEndpoint } from '../../../shared/api/types.js';
import { DeleteItemModal } from '../../../shared/components/confirm-delete-modal.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { FilterRefreshAddBar, RowsTable } from '../../../shared/components/rows-table.js';
import { matching } from '../../../shared/components/search-box.js';
import { useDeleteNotificationEndpoint, useNotificationEndpoints } from '../api/notification-endpoints.js';
import { BackLink } from './config-section-form.js';
import { NotifyTargetForm } from './notify-target-form.js';

const ids = SETTINGS_TEST_IDS.lambda;
export type LambdaStep = 'list' | 'pick' | NotifyServiceId;

const nameOf = (endpoint: NotificationEndpoint) => `${endpoint.service}:${endpoint.account_id}`;

export function LambdaPanel({ step, onStep }: { step: LambdaStep; onStep: (step: LambdaStep) => void }) {
  if (step === 'list') return <TargetList onAdd={() => onStep('pick')} />;
  if (step === 'pick') return <ServicePicker onPick={onStep} onBack={() => onStep('list')} />;
  return (
    <NotifyTargetForm
      service={step}
      onBackToList={() => onStep('list')}
      onBackToServices={() => onStep('pick')}
    />
  );
}

function ServicePicker({
  onPick,
  onBack,
}: {
  onPick: (service: NotifyServiceId) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['settings']);
  return (
    <Stack gap="md" data-testid={ids.pick}>
      <div>
        <BackLink label={t('lambda.backToList')} onClick={onBack} testId={ids.backToList} />
      </div>
      <Title order={2} size="h3">
        {t('lambda.pick')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" maw={900}>
        {NOTIFY_SERVICE_IDS.map((service) => (
          <Button
            key={service}
            variant="default"
            h={64}
            onClick={() => onPick(service)}
            data-testid={ids.service(service)}
          >
            {NOTIFY_SERVICE_NAMES[service]}
          </Button>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function TargetList({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const endpoints = useNotificationEndpoints();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<NotificationEndpoint | null>(null);
  const rows = matching(endpoints.data?.notification_endpoints ?? [], search, nameOf);
  return (
    <Stack gap={0}>
      <FilterRefreshAddBar
        filter={{ placeholder: t('lambda.filter'), value: search, onChange: setSearch, testId: ids.search }}
        refresh={{
          loading: endpoints.isFetching,
          onClick: () => void endpoints.refetch(),
          testId: ids.refresh,
        }}
        add={{ label: t('lambda.add'), onClick: onAdd, testId: ids.add }}
      />
      <RowsTable
        rows={rows}
        columns={[
          {
            header: t('lambda.status'),
            width: 140,
            cell: (endpoint) => {
              const online = endpoint.status === 'online';
              // Offline in its own colour (spec 3 §2); both dark enough for white text in both themes.
              return (
                <Badge
                  color={online ? 'gray.7' : 'red.9'}
                  variant="filled"
                  data-testid={ids.status(nameOf(endpoint))}
                >
                  {online ? t('lambda.online') : t('lambda.offline')}
                </Badge>
              );
            },
          },
          { header: t('lambda.service'), wrap: true, cell: nameOf },
        ]}
        rowKey={nameOf}
        rowTestId={(endpoint) => ids.row(nameOf(endpoint))}
        action={(endpoint) => (
          <RowAction
            tooltip={t('common:actions.delete')}
            label={t('lambda.deleteLabel', { name: nameOf(endpoint) })}
            icon={IconTrash}
            danger
            onClick={() => setDeleting(endpoint)}
            testId={ids.delete(nameOf(endpoint))}
          />
        )}
        empty={{ loaded: endpoints.isSuccess, text: t('lambda.empty') }}
        testIds={{ table: ids.table, empty: ids.empty }}
      />
      <DeleteTargetModal endpoint={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function DeleteTargetModal({
  endpoint,
  onClose,
}: {
  endpoint: NotificationEndpoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settings']);
  const name = endpoint === null ? '' : nameOf(endpoint);
  return (
    <DeleteItemModal
      item={endpoint}
      mutation={useDeleteNotificationEndpoint()}
      variables={(target) => target}
      deleted={(target) => t('lambda.deleted', { name: nameOf(target) })}
      title={t('lambda.deleteTitle')}
      onClose={onClose}
      testIds={{ modal: ids.deleteModal, confirm: ids.deleteConfirm, error: ids.deleteError }}
    >
      <Trans t={t} i18nKey="lambda.deleteText" values={{ name }} components={{ strong: <strong /> }} />
    </DeleteItemModal>
  );
}
