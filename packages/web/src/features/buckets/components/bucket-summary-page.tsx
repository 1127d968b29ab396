/**
 * /buckets/{bucketName}/summary — the part of the bucket detail screen this version has: the
 * breadcrumb 'Buckets > {bucketName}', Access Policy (with Change Access Policy), Reported Usage,
 * and Versioning in a distributed setup (spec 1 §2), inside the detail frame with its left menu. Other detail tabs come with their issues.
 */
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFormat } from '../../../i18n/use-format.js';
import { TEST_IDS } from '../../../selectors.js';
import { useBuckets } from '../../../shared/api/list-buckets.js';
import { useDistributedMode } from '../../../shared/session/session-context.js';
import { useBucketVersioning } from '../api/get-bucket-versioning.js';
import { AccessPolicyCard } from './access-policy-card.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';
import { EncryptionCard } from './encryption-card.js';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed" component="h2" m={0} fw={600}>
        {title}
      </Text>
      <Text size="lg" mt={4}>
        {children}
      </Text>
    </Card>
  );
}

export function BucketSummaryPage() {
  const { t } = useTranslation(['buckets', 'common']);
  const format = useFormat();
  const bucketName = useParams().bucketName ?? '';
  const distributed = useDistributedMode();
  const buckets = useBuckets();
  const versioning = useBucketVersioning(bucketName, distributed);
  const bucket = buckets.data?.find((b) => b.name === bucketName);

  return (
    <div data-testid={TEST_IDS.buckets.summary}>
      <BucketDetailFrame bucketName={bucketName}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <AccessPolicyCard bucket={bucketName} />
          <EncryptionCard bucket={bucketName} />
          <Section title={t('detail.reportedUsage')}>{format.bytes(bucket?.size ?? 0)}</Section>
          <Section title={t('creationDate')}>{format.date(bucket?.creation_date) || '—'}</Section>
          {distributed && (
            <Section title={t('detail.versioning')}>
              {versioning.data === undefined
                ? '…'
                : versioning.data.is_versioned
                  ? t('common:status.enabled')
                  : t('common:status.disabled')}
            </Section>
          )}
        </SimpleGrid>
      </BucketDetailFrame>
    </div>
  );
}
