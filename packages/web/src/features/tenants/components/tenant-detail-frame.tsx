/**
 * The frame of every tenant detail tab (spec 3 §2 Tenant detail): breadcrumb 'Tenants > name',
 * the header actions Delete, Edit YAML and Refresh, and the side nav Summary, Metrics, Security,
 * Pools, Pods and License. The detail loads on entering and whenever the route names another
 * tenant (its query key is the tenant); Refresh reloads everything of this tenant. A tenant that
 * does not exist gets a not-found state instead of the tab.
 */
import { Alert, Anchor, Box, Breadcrumbs, Button, Group, Loader, NavLink, Stack, Text } from '@mantine/core';
import { IconCode, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink } from 'react-router';
import { ApiError } from '../../../lib/api-error.js';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { tenantKey } from '../api/tenant-keys.js';
import { useTenant } from '../api/tenants.js';
import type { TenantDetail, TenantRef } from '../api/types.js';
import { DeleteTenantModal } from './delete-tenant-modal.js';
import { EditYamlModal } from './edit-yaml-modal.js';
import { tenantPath } from './tenant-paths.js';
import { useTenantRef } from './use-tenant-ref.js';

const ids = OPERATOR_TEST_IDS.tenantDetail;
const TABS = ['summary', 'metrics', 'security', 'pools', 'pods', 'license'] as const;

export function TenantBreadcrumb({ tenant, trail }: { tenant: TenantRef; trail?: ReactNode }) {
  const { t } = useTranslation(['tenants', 'common']);
  return (
    <Breadcrumbs mb={4} separator=">" aria-label={t('common:breadcrumb')}>
      <Anchor component={Link} to="/tenants">
        {t('title')}
      </Anchor>
      {trail === undefined ? (
        <Text span>{tenant.name}</Text>
      ) : (
        <Anchor component={Link} to={tenantPath(tenant)}>
          {tenant.name}
        </Anchor>
      )}
      {trail}
    </Breadcrumbs>
  );
}

/** Reloads every query of one tenant (detail, usage, pods, security…). */
export function useRefreshTenant(ref: TenantRef) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tenantKey(ref) });
}

export function TenantDetailFrame({ children }: { children: (tenant: TenantDetail) => ReactNode }) {
  const { t } = useTranslation(['tenants', 'common']);
  const ref = useTenantRef();
  const tenant = useTenant(ref);
  const refresh = useRefreshTenant(ref);
  const [deleting, setDeleting] = useState(false);
  const [editingYaml, setEditingYaml] = useState(false);

  if (tenant.error instanceof ApiError && tenant.error.status === 404)
    return (
      <Stack data-testid={ids.notFound}>
        <PageHeader title={ref.name} breadcrumb={<TenantBreadcrumb tenant={ref} />} />
        <Alert color="gray" role="status">
          {t('detail.notFound', { name: ref.name, namespace: ref.namespace })}
        </Alert>
      </Stack>
    );

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title={ref.name}
        breadcrumb={<TenantBreadcrumb tenant={ref} />}
        actions={
          <>
            <Button
              variant="default"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => setDeleting(true)}
              data-testid={ids.delete}
            >
              {t('detail.delete')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconCode size={16} aria-hidden="true" />}
              onClick={() => setEditingYaml(true)}
              data-testid={ids.editYaml}
            >
              {t('detail.editYaml')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => void refresh()}
              loading={tenant.isFetching}
              data-testid={ids.refresh}
            >
              {t('detail.refresh')}
            </Button>
          </>
        }
      />
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box component="nav" aria-label={t('detail.sections')} w={180} style={{ flexShrink: 0 }}>
          <Stack gap={2} data-testid={ids.menu}>
            {TABS.map((tab) => (
              <NavLink
                key={tab}
                component={RouterNavLink}
                to={tenantPath(ref, tab)}
                label={t(`detail.${tab}`)}
                data-testid={ids.menuItem(tab)}
              />
            ))}
          </Stack>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }}>
          {tenant.data === undefined
            ? tenant.isPending && <Loader size="sm" aria-label={t('common:loading')} />
            : children(tenant.data)}
        </Box>
      </Group>
      <DeleteTenantModal tenant={deleting ? ref : null} onClose={() => setDeleting(false)} />
      <EditYamlModal tenant={ref} opened={editingYaml} onClose={() => setEditingYaml(false)} />
    </div>
  );
}
