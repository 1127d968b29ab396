/**
 * The frame of every bucket detail screen (spec 1 §2): the breadcrumb 'Buckets > {bucketName}', the
 * bucket's name as title with a Browse action, and the left menu of the detail tabs this version
 * has (Summary, Access Audit); tabs of later issues are not linked until they exist.
 */
import { Anchor, Box, Breadcrumbs, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';

const TABS = [
  { tab: 'summary', label: 'detail.summary' },
  { tab: 'access', label: 'detail.accessAudit' },
] as const;

export function BucketDetailFrame({ bucketName, children }: { bucketName: string; children: ReactNode }) {
  const { t } = useTranslation(['buckets', 'common']);
  const base = `/buckets/${encodeURIComponent(bucketName)}`;
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
          <Stack gap={2} data-testid={TEST_IDS.bucketDetail.menu}>
            {TABS.map(({ tab, label }) => (
              <NavLink
                key={tab}
                component={RouterNavLink}
                to={`${base}/${tab}`}
                label={t(label)}
                data-testid={TEST_IDS.bucketDetail.menuItem(tab)}
              />
            ))}
          </Stack>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </>
  );
}
