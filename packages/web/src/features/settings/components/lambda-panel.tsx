/**
 * The Lambda Notifications tab (spec 3 §2): the list of notification targets (filter, refresh,
 * 'Add Notification Target'; columns Status and Service, Offline in its own colour; delete per
 * target), 'Pick a supported service' with the 10 services, and the chosen service's form — three
 * steps the tab slides between (spec 3 §4).
 */
import { Badge, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { NOTIFY_SERVICE_IDS, NOTIFY_SERVICE_NAMES, type NotifyServiceId } from '@coffer/contract/client';
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import type { NotificationEndpoint } from '../../../shared/api/types.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { RowAction } from '../../../shared/components/row-action.js';
import { SearchBox, matching } from '../../../shared/components/search-box.js';
import { useDeleteNotificationEndpoint, useNotificationEndpoints } from '../api/notification-endpoints.js';
import { BackLink } from './config-section-form.js';
import { NotifyTargetForm } from './notify-target-form.js';

const ids = TEST_IDS.lambda;
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
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <SearchBox placeholder={t('lambda.filter')} value={search} onChange={setSearch} testId={ids.search} />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden="true" />}
            loading={endpoints.isFetching}
            onClick={() => void endpoints.refetch()}
            data-testid={ids.refresh}
          >
            {t('common:actions.refresh')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={onAdd}
            data-testid={ids.add}
          >
            {t('lambda.add')}
          </Button>
        </Group>
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th w={140}>{t('lambda.status')}</Table.Th>
            <Table.Th>{t('lambda.service')}</Table.Th>
            <Table.Th w={60}>
              <span className="visually-hidden">{t('common:table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((endpoint) => {
            const name = nameOf(endpoint);
            const online = endpoint.status === 'online';
            return (
              <Table.Tr key={name} h={40} data-testid={ids.row(name)}>
                <Table.Td>
                  {/* Offline in its own colour (spec 3 §2); both dark enough for white text in both themes. */}
                  <Badge color={online ? 'gray.7' : 'red.9'} variant="filled" data-testid={ids.status(name)}>
                    {online ? t('lambda.online') : t('lambda.offline')}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                <Table.Td>
                  <RowAction
                    tooltip={t('common:actions.delete')}
                    label={t('lambda.deleteLabel', { name })}
                    icon={IconTrash}
                    danger
                    onClick={() => setDeleting(endpoint)}
                    testId={ids.delete(name)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {endpoints.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          {t('lambda.empty')}
        </Text>
      )}
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
  const mutation = useDeleteNotificationEndpoint();
  const notify = useNotify();
  const name = endpoint === null ? '' : nameOf(endpoint);
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={endpoint !== null}
      title={t('lambda.deleteTitle')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (endpoint === null) return;
        mutation.mutate(endpoint, {
          onSuccess: () => {
            notify.success(t('lambda.deleted', { name }));
            close();
          },
        });
      }}
      onClose={close}
      testIds={{ modal: ids.deleteModal, confirm: ids.deleteConfirm, error: ids.deleteError }}
    >
      <Trans t={t} i18nKey="lambda.deleteText" values={{ name }} components={{ strong: <strong /> }} />
    </ConfirmDeleteModal>
  );
}
