/**
 * The frame of every bucket detail screen (spec 1 §2): the breadcrumb 'Buckets > {bucketName}', the
 * bucket's name as title with a Browse action, and the left menu of the detail tabs: Summary,
 * Events, Replication and Lifecycle (distributed setup only; Replication disabled without
 * s3:GetReplicationConfiguration on the bucket), Access Audit.
 *
 * A bucket that does not exist (or that this account may not see) gets a not-found state instead
 * of the tab's content — the bucket's details answer 404; the tab's content (and so its own calls)
 * waits for that answer, so a missing bucket raises no other errors — and Access Audit, which reads IAM
 * through MinIO's admin API, is not linked against a server that does not offer it.
 */
import { Alert, Anchor, Box, Breadcrumbs, Button, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { ApiError } from '../../../lib/api-error.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { usePermission } from '../../../shared/api/has-permission.js';
import { useDistributedMode, useServerCapabilities } from '../../../shared/session/session-context.js';
import { useBucketInfo } from '../api/get-bucket-info.js';

const TABS = [
  { tab: 'summary', label: 'detail.summary', adminApi: false, distributed: false },
  { tab: 'events', label: 'detail.events', adminApi: false, distributed: false },
  { tab: 'replication', label: 'detail.replication', adminApi: true, distributed: true },
  { tab: 'lifecycle', label: 'detail.lifecycle', adminApi: false, distributed: true },
  { tab: 'access', label: 'detail.accessAudit', adminApi: true, distributed: false },
] as const;

/** The not-found state: said plainly, with the way back. */
function BucketNotFound({ bucketName }: { bucketName: string }) {
  const { t } = useTranslation(['buckets']);
  return (
    <Stack gap="md" data-testid={BUCKETS_TEST_IDS.bucketDetail.notFound}>
      <PageHeader title={bucketName} />
      <Alert color="gray" role="status">
        {t('anyServer.notFound', { name: bucketName })}
      </Alert>
      <Group>
        <Button component={Link} to="/buckets" variant="default">
          {t('anyServer.backToBuckets')}
        </Button>
      </Group>
    </Stack>
  );
}

export function BucketDetailFrame({ bucketName, children }: { bucketName: string; children: ReactNode }) {
  const { t } = useTranslation(['buckets', 'common']);
  const base = `/buckets/${encodeURIComponent(bucketName)}`;
  const { adminApi } = useServerCapabilities();
  const distributed = useDistributedMode();
  const info = useBucketInfo(bucketName);
  if (info.error instanceof ApiError && info.error.status === 404)
    return <BucketNotFound bucketName={bucketName} />;
  const tabs = TABS.filter((tab) => (adminApi || !tab.adminApi) && (distributed || !tab.distributed));
  return (
    <>
      <PageHeader
        title={bucketName}
        breadcrumb={
          <Breadcrumbs mb={4} separator=">" aria-label={t('common:breadcrumb')}>
            <Anchor component={Link} to="/buckets">
              {t('title')}
            </Anchor>
            <Text span>{bucketName}</Text>
          </Breadcrumbs>
        }
        actions={
          <Button component={Link} to={`/object-browser/${encodeURIComponent(bucketName)}`} variant="default">
            {t('detail.browse')}
          </Button>
        }
      />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box component="nav" aria-label={t('detail.sections')} w={180} style={{ flexShrink: 0 }}>
          <Stack gap={2} data-testid={BUCKETS_TEST_IDS.bucketDetail.menu}>
            {tabs.map(({ tab, label }) =>
              tab === 'replication' ? (
                <ReplicationNavLink
                  key={tab}
                  to={`${base}/${tab}`}
                  bucketName={bucketName}
                  bucketKnown={info.isSuccess}
                />
              ) : (
                <NavLink
                  key={tab}
                  component={RouterNavLink}
                  to={`${base}/${tab}`}
                  label={t(label)}
                  data-testid={BUCKETS_TEST_IDS.bucketDetail.menuItem(tab)}
                />
              ),
            )}
          </Stack>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {/* The tab's own calls wait for the bucket to be known: a missing one gets only not-found. */}
          {info.isPending ? <Loader size="sm" aria-label={t('common:loading')} /> : children}
        </Box>
      </Group>
    </>
  );
}

/**
 * The Replication entry (distributed setup only): disabled without s3:GetReplicationConfiguration
 * on the bucket (spec 1 §2, §6) — asked only where the entry is shown.
 */
function ReplicationNavLink({
  to,
  bucketName,
  bucketKnown,
}: {
  to: string;
  bucketName: string;
  bucketKnown: boolean;
}) {
  // A bucket not known (yet) to exist is asked nothing.
  return bucketKnown ? (
    <PermittedReplicationNavLink to={to} bucketName={bucketName} />
  ) : (
    <ReplicationEntry to={to} disabled />
  );
}

function PermittedReplicationNavLink({ to, bucketName }: { to: string; bucketName: string }) {
  const canRead = usePermission('s3:GetReplicationConfiguration', bucketName);
  return <ReplicationEntry to={to} disabled={!canRead} />;
}

function ReplicationEntry({ to, disabled }: { to: string; disabled: boolean }) {
  const { t } = useTranslation(['buckets']);
  return (
    <NavLink
      component={RouterNavLink}
      to={to}
      label={t('detail.replication')}
      disabled={disabled}
      data-testid={BUCKETS_TEST_IDS.bucketDetail.menuItem('replication')}
    />
  );
}
