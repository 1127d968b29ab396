/**
 * The License page (spec 2 §2 "License page", §4 "License"): the license summary — the stored
 * subscription, or the Community plan under the GNU AGPL v3 (its full text in a modal) when there
 * is none — the plan comparison table and the sign-in link. Activating a license (by key or by
 * signing in) and the Refresh Licence link appear only in operator mode.
 */
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionInfo } from '@coffer/contract';
import { useFormat } from '../../../i18n/use-format.js';
import { LICENSE_TEST_IDS } from '../test-ids.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useSession } from '../../../shared/session/session-context.js';
import { useRefreshSubscription, useSubscriptionInfo } from '../api/subscription.js';
import { ActivateLicenseModal } from './activate-license-modal.js';
import { AgplModal } from './agpl-modal.js';
import { PlansTable } from './plans-table.js';
import { planOf, signInLink, TIB } from './plans.js';

const ids = LICENSE_TEST_IDS.license;

function SubscriptionSummary({ info }: { info: SubscriptionInfo }) {
  const { t } = useTranslation('license');
  const format = useFormat();
  const fields = [
    [t('organization'), info.organization],
    [t('capacity'), format.bytes(info.storage_capacity * TIB)],
    [t('expiresAt'), format.date(info.expires_at)],
    [t('email'), info.email],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
      {fields.map(([label, value]) => (
        <div key={label}>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Text>{value}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

export function LicensePage() {
  const { t } = useTranslation(['license', 'layout']);
  const { operator } = useSession();
  const info = useSubscriptionInfo();
  const refresh = useRefreshSubscription();
  const [agplOpen, setAgplOpen] = useState(false);
  const [activateOpen, setActivateOpen] = useState(false);
  // Spec 2 §4: Community when there is no subscription info (a failed info call included).
  const subscription = info.isSuccess ? info.data : undefined;
  const plan = planOf(subscription?.plan);

  return (
    <>
      <PageHeader
        title={t('layout:menu.license')}
        actions={
          operator ? (
            <>
              <Button
                variant="subtle"
                onClick={() => refresh.mutate()}
                loading={refresh.isPending}
                data-testid={ids.refresh}
              >
                {t('refresh')}
              </Button>
              <Button onClick={() => setActivateOpen(true)} data-testid={ids.activate}>
                {t('activateTitle')}
              </Button>
            </>
          ) : undefined
        }
      />
      <Stack gap="lg" data-testid={ids.screen}>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Group justify="space-between" align="baseline">
              <Title order={2} size="h3">
                {t('currentPlan')}: <span data-testid={ids.plan}>{t(plan)}</span>
              </Title>
            </Group>
            {subscription ? (
              <SubscriptionSummary info={subscription} />
            ) : (
              <Group gap="sm">
                <Text>{t('openSource')}</Text>
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => setAgplOpen(true)}
                  data-testid={ids.viewLicense}
                >
                  {t('viewLicense')}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
        <PlansTable current={plan} operator={operator} />
        <Group gap="xs">
          <Text>{t('signInPrompt')}</Text>
          <Anchor
            href={signInLink(operator)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={ids.signIn}
          >
            {t('signIn')}
          </Anchor>
        </Group>
      </Stack>
      <AgplModal opened={agplOpen} onClose={() => setAgplOpen(false)} />
      <ActivateLicenseModal opened={activateOpen} onClose={() => setActivateOpen(false)} />
    </>
  );
}
