/**
 * The tenant's Summary tab (spec 3 §2): Details (Capacity, MinIO image — which opens Update MinIO
 * Version —, Clusters = pools, Console image, Instances = Σ servers, Volumes = Σ servers × volumes
 * per server, the minio and console endpoints when present, State), the storage usage bar (used
 * against total_size; a failed usage call shows its error inside it, spec 3 §8), Health (dot,
 * Drives Online/Offline and Write Quorum, each 0 by default), 'Management UI' (the hop), and the
 * Features panel.
 */
import {
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatBytes } from '../../../lib/units.js';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { useTenantUsage } from '../api/tenants.js';
import type { TenantDetail, TenantRef } from '../api/types.js';
import { HealthDot } from './health-dot.js';
import { tenantPath } from './tenant-paths.js';
import { UpdateVersionModal } from './update-version-modal.js';

const ids = OPERATOR_TEST_IDS.tenantSummary;

function Row({ label, name, children }: { label: string; name: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={160} fw={600}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }} data-testid={ids.field(name)}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

export function TenantSummaryPage({ tenant, detail }: { tenant: TenantRef; detail: TenantDetail }) {
  const { t, i18n } = useTranslation('tenants');
  const [updating, setUpdating] = useState(false);
  const pools = detail.pools ?? [];
  const instances = pools.reduce((sum, pool) => sum + pool.servers, 0);
  const volumes = pools.reduce((sum, pool) => sum + pool.servers * pool.volumes_per_server, 0);
  const size = (bytes: number | undefined) => formatBytes(bytes ?? 0, i18n.language);

  return (
    <Stack data-testid={ids.screen}>
      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          {t('summary.details')}
        </Title>
        <Table verticalSpacing={4}>
          <Table.Tbody>
            <Row label={t('summary.capacity')} name="capacity">
              {size(detail.total_size)}
            </Row>
            <Row label={t('summary.minioImage')} name="image">
              <UnstyledButton
                onClick={() => setUpdating(true)}
                title={t('summary.changeImage')}
                c="var(--mantine-color-anchor)"
                style={{ textDecoration: 'underline', overflowWrap: 'anywhere' }}
                data-testid={ids.image}
              >
                {detail.image ?? ''}
              </UnstyledButton>
            </Row>
            <Row label={t('summary.clusters')} name="clusters">
              {pools.length}
            </Row>
            <Row label={t('summary.consoleImage')} name="console-image">
              {detail.console_image ?? ''}
            </Row>
            <Row label={t('summary.instances')} name="instances">
              {instances}
            </Row>
            <Row label={t('summary.volumes')} name="volumes">
              {volumes}
            </Row>
            {(detail.endpoints?.minio ?? '') !== '' && (
              <Row label={t('summary.minioEndpoint')} name="minio-endpoint">
                <Endpoint href={detail.endpoints?.minio ?? ''} />
              </Row>
            )}
            {(detail.endpoints?.console ?? '') !== '' && (
              <Row label={t('summary.consoleEndpoint')} name="console-endpoint">
                <Endpoint href={detail.endpoints?.console ?? ''} />
              </Row>
            )}
            <Row label={t('summary.state')} name="state">
              {detail.currentState ?? ''}
            </Row>
          </Table.Tbody>
        </Table>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <UsageCard tenant={tenant} total={detail.total_size ?? 0} />
        <Card withBorder data-testid={ids.health}>
          <Group justify="space-between" mb="sm">
            <Group gap="xs">
              <HealthDot status={detail.status?.health_status} />
              <Title order={2} size="h4">
                {t('summary.health')}
              </Title>
            </Group>
            <Button component={Link} to={tenantPath(tenant, 'hop')} data-testid={ids.managementUi}>
              {t('summary.managementUi')}
            </Button>
          </Group>
          <Table verticalSpacing={4}>
            <Table.Tbody>
              <Row label={t('summary.drivesOnline')} name="drives-online">
                {detail.status?.drives_online ?? 0}
              </Row>
              <Row label={t('summary.drivesOffline')} name="drives-offline">
                {detail.status?.drives_offline ?? 0}
              </Row>
              <Row label={t('summary.writeQuorum')} name="write-quorum">
                {detail.status?.write_quorum ?? 0}
              </Row>
            </Table.Tbody>
          </Table>
        </Card>
      </SimpleGrid>
      <FeaturesCard detail={detail} />
      <UpdateVersionModal
        tenant={tenant}
        detail={detail}
        opened={updating}
        onClose={() => setUpdating(false)}
      />
    </Stack>
  );
}

function Endpoint({ href }: { href: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {href} <IconExternalLink size={12} aria-hidden="true" />
    </Anchor>
  );
}

function UsageCard({ tenant, total }: { tenant: TenantRef; total: number }) {
  const { t, i18n } = useTranslation('tenants');
  const usage = useTenantUsage(tenant);
  const used = usage.data?.disk_used ?? 0;
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 0;
  return (
    <Card withBorder data-testid={ids.usage}>
      <Title order={2} size="h4" mb="sm">
        {t('summary.usage')}
      </Title>
      {usage.error !== null ? (
        <Text
          c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))"
          role="alert"
          data-testid={ids.usageError}
        >
          {t('summary.usageError', { message: usage.error.message })}
        </Text>
      ) : (
        <>
          <Progress value={percent} size="lg" aria-label={t('summary.usage')} />
          <Text size="sm" mt="xs">
            {t('summary.used', {
              used: formatBytes(used, i18n.language),
              total: formatBytes(total, i18n.language),
            })}
          </Text>
        </>
      )}
    </Card>
  );
}

function FeaturesCard({ detail }: { detail: TenantDetail }) {
  const { t } = useTranslation('tenants');
  const features: { key: string; label: string; on: boolean | undefined }[] = [
    { key: 'logs', label: t('summary.logs'), on: detail.logEnabled },
    { key: 'monitoring', label: t('summary.monitoring'), on: detail.monitoringEnabled },
    { key: 'minio-tls', label: t('summary.minioTls'), on: detail.minioTLS },
    // Console TLS only when the tenant runs its console (spec 3 §2).
    ...(detail.consoleEnabled === true
      ? [{ key: 'console-tls', label: t('summary.consoleTls'), on: detail.consoleTLS }]
      : []),
    { key: 'encryption', label: t('summary.encryption'), on: detail.encryptionEnabled },
    { key: 'active-directory', label: t('summary.activeDirectory'), on: detail.idpAdEnabled },
    { key: 'openid', label: t('summary.openId'), on: detail.idpOidcEnabled },
  ];
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('summary.features')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {features.map(({ key, label, on }) => (
          <Stack key={key} gap={0} data-testid={ids.feature(key)}>
            <Text size="sm" fw={600}>
              {label}
            </Text>
            {/* Enabled stands out by weight: a coloured text would fall below contrast under a modal's overlay. */}
            <Text size="sm" c={on === true ? undefined : 'dimmed'} fw={on === true ? 600 : undefined}>
              {on === true ? t('summary.enabled') : t('summary.disabled')}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
