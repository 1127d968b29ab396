/**
 * The tenant's License tab (spec 3 §2): a licensed tenant shows Organization, Registered Capacity
 * (TiB, spec 3 §9), Expiry Date (YYYY-MM-DD), Subscription Plan and Requester. Otherwise
 * 'Activate Product' links to /license, or — once the console holds subscription info —
 * 'Attach License' attaches it to this tenant.
 */
import { Anchor, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useAttachLicense, useHasSubscription } from '../api/license.js';
import type { TenantDetail, TenantLicense, TenantRef } from '../api/types.js';
import { expiryDate } from './tenant-security-page.js';

const ids = OPERATOR_TEST_IDS.tenantLicense;

export function TenantLicensePage({ tenant, detail }: { tenant: TenantRef; detail: TenantDetail }) {
  return (
    <Card withBorder data-testid={ids.screen}>
      {detail.subnet_license === undefined ? (
        <NoLicense tenant={tenant} />
      ) : (
        <LicenseTable license={detail.subnet_license} />
      )}
    </Card>
  );
}

function LicenseTable({ license }: { license: TenantLicense }) {
  const { t } = useTranslation('tenants');
  const rows: [string, string, string][] = [
    ['organization', t('license.organization'), license.organization],
    ['capacity', t('license.capacity'), t('license.capacityTiB', { value: license.storage_capacity })],
    ['expiry', t('license.expiry'), expiryDate(license.expires_at)],
    ['plan', t('license.plan'), license.plan],
    ['requester', t('license.requester'), license.email],
  ];
  return (
    <Table verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([key, label, value]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" w={200}>
              {label}
            </Table.Th>
            <Table.Td data-testid={ids.field(key)}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function NoLicense({ tenant }: { tenant: TenantRef }) {
  const { t } = useTranslation('tenants');
  const subscription = useHasSubscription();
  const attach = useAttachLicense(tenant);
  const notify = useNotify();
  return (
    <Stack align="flex-start">
      <Text>{t('license.none')}</Text>
      {subscription.data === true ? (
        <Button
          loading={attach.isPending}
          onClick={() => attach.mutate(undefined, { onSuccess: () => notify.success(t('license.attached')) })}
          data-testid={ids.attach}
        >
          {t('license.attach')}
        </Button>
      ) : (
        <Anchor component={Link} to="/license" data-testid={ids.activate}>
          {t('license.activateProduct')}
        </Anchor>
      )}
    </Stack>
  );
}
