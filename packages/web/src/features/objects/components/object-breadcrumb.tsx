/**
 * The object browser's breadcrumb: 'All Buckets', the bucket, then each folder of the path, every
 * level a link except the current one (spec 2 §2).
 */
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { browserPath } from '../api/object-paths.js';

export function ObjectBreadcrumb({ bucket, path }: { bucket?: string; path: string }) {
  const { t } = useTranslation(['objects', 'common']);
  const segments = path.split('/').filter((s) => s !== '');
  const levels = [
    { label: t('allBuckets'), to: '/object-browser' },
    ...(bucket === undefined ? [] : [{ label: bucket, to: browserPath(bucket) }]),
    ...segments.map((segment, i) => ({
      label: segment,
      to: browserPath(bucket ?? '', segments.slice(0, i + 1).join('/') + '/'),
    })),
  ];
  return (
    <Breadcrumbs
      aria-label={t('common:breadcrumb')}
      mb={4}
      data-testid={OBJECTS_TEST_IDS.objectBrowser.breadcrumb}
      separatorMargin={6}
    >
      {levels.map((level, i) =>
        i === levels.length - 1 ? (
          <Text key={level.to} span size="sm" aria-current="page">
            {level.label}
          </Text>
        ) : (
          <Anchor key={level.to} component={Link} to={level.to} size="sm">
            {level.label}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}
