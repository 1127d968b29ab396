/**
 * /buckets/{bucketName}/summary — the bucket's Summary inside the detail frame with its left menu
 * and the breadcrumb 'Buckets > {bucketName}' (spec 1 §2): Access Policy, Replication, Object
 * Locking, Encryption, Reported Usage, Versioning, Quota and Retention, in that order, then the
 * creation date. Replication, Object Locking, Versioning and Quota appear only in a distributed
 * setup. Each card reads its own setting; after any change the bucket's sections are read again
 * (spec 1 §4, the settings' mutations invalidate the bucket's queries).
 */
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { useBuckets } from '../../../shared/api/list-buckets.js';
import { useDistributedMode, useServerCapabilities } from '../../../shared/session/session-context.js';
import { AccessPolicyCard } from './access-policy-card.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { EncryptionCard } from './encryption-card.js';
import { ObjectLockingCard } from './object-locking-card.js';
import { QuotaCard } from './quota-card.js';
import { ReplicationCard } from './replication-card.js';
import { RetentionCard } from './retention-card.js';
import { SummaryCard } from './summary-card.js';
import { VersioningCard } from './versioning-card.js';

export function BucketSummaryPage() {
  const { t } = useTranslation(['buckets', 'common']);
  const format = useFormat();
  const bucketName = useParams().bucketName ?? '';
  // What the server offers (spec 1 §2: some sections only in a distributed setup; a plain S3 server
  // has versioning and locking but neither MinIO's admin API nor quotas).
  const capabilities = useServerCapabilities();
  const distributed = useDistributedMode();
  const buckets = useBuckets();
  const bucket = buckets.data?.find((b) => b.name === bucketName);

  return (
    <div data-testid={BUCKETS_TEST_IDS.buckets.summary}>
      <BucketDetailFrame bucketName={bucketName}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <AccessPolicyCard bucket={bucketName} />
          {capabilities.adminApi && distributed && <ReplicationCard bucket={bucketName} />}
          {capabilities.objectLocking && <ObjectLockingCard bucket={bucketName} />}
          <EncryptionCard bucket={bucketName} />
          <SummaryCard
            setting="usage"
            title={t('detail.reportedUsage')}
            value={bucket?.size === undefined ? t('anyServer.sizeUnknown') : format.bytes(bucket.size)}
          />
          {capabilities.versioning && <VersioningCard bucket={bucketName} />}
          {capabilities.quota && <QuotaCard bucket={bucketName} />}
          <RetentionCard bucket={bucketName} />
          <SummaryCard
            setting="creation-date"
            title={t('creationDate')}
            value={format.date(bucket?.creation_date) || '—'}
          />
        </SimpleGrid>
      </BucketDetailFrame>
    </div>
  );
}
