/**
 * Preview Configuration (spec 3 §2): what will be created — name, namespace, storage class, size,
 * servers and drives, parity and usable capacity, memory, and (in advanced mode) TLS, encryption,
 * identity provider and pod affinity.
 */
import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import type { WizardForm } from '../model/form.js';
import { totalSizeBytes } from '../model/payload.js';
import type { TenantSizing } from './use-tenant-sizing.js';

const ids = TENANT_CREATE_IDS;

export function PreviewStep({ form, sizing }: { form: WizardForm; sizing: TenantSizing }) {
  const { t } = useTranslation('tenantCreate');
  const { bytes } = useFormat();
  const onOff = (on: boolean) => t(on ? 'preview.enabled' : 'preview.disabled');
  const usable = sizing.ecParityCalc?.storageFactors.find((f) => f.erasureCode === form.tenantSize.ecParity);
  const idpLabel = {
    'Built-in': t('idp.builtIn'),
    OpenID: t('idp.openId'),
    AD: t('idp.activeDirectory'),
  }[form.identityProvider.idpSelection];
  const rows: [string, string][] = [
    ['tenantName', form.nameTenant.tenantName.trim()],
    ['namespace', form.nameTenant.namespace.trim()],
    ['storageClass', form.nameTenant.selectedStorageClass],
    ['totalSize', bytes(totalSizeBytes(form.tenantSize.volumeSize))],
    ['nodes', String(sizing.distribution.nodes)],
    ['drivesPerServer', String(sizing.distribution.disks)],
    ['ecParity', form.tenantSize.ecParity],
    ['usableCapacity', usable === undefined ? '' : bytes(usable.maxCapacity)],
    ['memory', bytes(sizing.memorySize.request)],
    ['tls', onOff(form.security.enableTLS)],
    ['autoCert', onOff(form.security.enableTLS && form.security.enableAutoCert)],
  ];
  if (form.advancedMode) {
    rows.push(
      ['encryption', onOff(form.encryption.enableEncryption)],
      ['identityProvider', idpLabel],
      ['podAffinity', t(`affinity.${form.affinity.podAffinity}`)],
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('preview.intro')}</Text>
      <Table withTableBorder>
        <Table.Tbody>
          {rows.map(([item, value]) => (
            <Table.Tr key={item}>
              <Table.Th scope="row" w="40%">
                {t(`preview.${item}` as 'preview.tls')}
              </Table.Th>
              <Table.Td data-testid={ids.preview(item)}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
