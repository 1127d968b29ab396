/**
 * The Storage page's frame (spec 3 §2): the title and the side menu Volumes (/storage/volumes)
 * and Drives (/storage/drives).
 */
import { Box, Group, NavLink, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink } from 'react-router';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';

const TABS = ['volumes', 'drives'] as const;

export function StorageFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('storage');
  return (
    <>
      <PageHeader title={t('title')} />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box component="nav" aria-label={t('sections')} w={180} style={{ flexShrink: 0 }}>
          <Stack gap={2} data-testid={OPERATOR_TEST_IDS.storage.menu}>
            {TABS.map((tab) => (
              <NavLink
                key={tab}
                component={RouterNavLink}
                to={`/storage/${tab}`}
                label={t(tab)}
                data-testid={OPERATOR_TEST_IDS.storage.menuItem(tab)}
              />
            ))}
          </Stack>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>{children}</Box>
      </Group>
    </>
  );
}
