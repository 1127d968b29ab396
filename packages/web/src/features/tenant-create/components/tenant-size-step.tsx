/**
 * Tenant Size (spec 3 §3 "Tenant size derived", §4 "Size step validity", §5 "Tenant size", §8):
 * servers, drives per server, total size and memory per node, the erasure-code parity chosen from
 * the server's list, and what they come to — drive size, volumes, memory request and limit, and for
 * each parity its storage factor, usable capacity and the drive failures it tolerates. The numbers
 * come from the page's `useTenantSizing`.
 */
import { Alert, NumberInput, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import type { TenantSizeForm } from '../model/form.js';
import { problemText } from '../model/problem-text.js';
import { useFieldErrors } from './use-field-errors.js';
import type { TenantSizing } from './use-tenant-sizing.js';

const ids = TENANT_CREATE_IDS;

type NumberField = 'nodes' | 'drivesPerServer' | 'volumeSize' | 'memoryNode';
const NUMBER_FIELDS: readonly { field: NumberField; min: number; decimal: boolean }[] = [
  { field: 'nodes', min: 4, decimal: false },
  { field: 'drivesPerServer', min: 1, decimal: false },
  { field: 'volumeSize', min: 1, decimal: false },
  { field: 'memoryNode', min: 2, decimal: true },
];

export function TenantSizeStep({
  value,
  onChange,
  sizing,
}: {
  value: TenantSizeForm;
  onChange: (patch: Partial<TenantSizeForm>) => void;
  sizing: TenantSizing;
}) {
  const { t } = useTranslation('tenantCreate');
  const { bytes } = useFormat();
  const { error, touch } = useFieldErrors(sizing.problems);
  const { distribution, memorySize, ecParityCalc } = sizing;
  const derivedError = distribution.error ?? null;
  // The distribution repeats the fields' own rules; it speaks only once they hold.
  const fieldsOk = (['nodes', 'drivesPerServer', 'volumeSize'] as const).every(
    (f) => sizing.problems[f] === undefined,
  );

  return (
    <Stack gap="sm">
      <Text size="sm">{t('size.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {NUMBER_FIELDS.map(({ field, min, decimal }) => (
          <NumberInput
            key={field}
            label={t(`size.${field}`)}
            required
            min={min}
            allowDecimal={decimal}
            allowNegative={false}
            value={value[field]}
            onChange={(next) => {
              touch(field);
              onChange({ [field]: String(next) });
            }}
            onBlur={() => touch(field)}
            error={error(field)}
            data-testid={ids.field(field)}
          />
        ))}
      </SimpleGrid>
      {derivedError !== null && fieldsOk && (
        <Alert
          color="red"
          role="alert"
          title={problemText(t, { key: derivedError })}
          data-testid={ids.sizeError}
        />
      )}
      {sizing.parityError !== null && (
        <Alert color="red" role="alert" title={sizing.parityError} data-testid={ids.sizeError} />
      )}
      <Select
        label={t('size.ecParity')}
        required
        data={sizing.parities}
        value={value.ecParity === '' ? null : value.ecParity}
        onChange={(ecParity) => onChange({ ecParity: ecParity ?? '' })}
        disabled={sizing.parities.length === 0}
        allowDeselect={false}
        placeholder={sizing.parityLoading ? t('size.loadingParity') : undefined}
        data-testid={ids.field('ecParity')}
      />
      {distribution.error === null && (
        <>
          <Title order={3} size="h5">
            {t('size.resourceAllocation')}
          </Title>
          <Table withTableBorder data-testid={ids.allocation}>
            <Table.Tbody>
              <Row label={t('size.nodes')} value={String(distribution.nodes)} />
              <Row label={t('size.drivesPerServer')} value={String(distribution.disks)} />
              <Row label={t('size.totalVolumes')} value={String(distribution.persistentVolumes)} />
              <Row label={t('size.driveCapacity')} value={bytes(distribution.pvSize)} />
              {memorySize.error === null && memorySize.request > 0 && (
                <>
                  <Row label={t('size.memoryRequest')} value={bytes(memorySize.request)} />
                  <Row label={t('size.memoryLimit')} value={bytes(memorySize.limit)} />
                </>
              )}
              {ecParityCalc !== null && (
                <Row label={t('size.rawCapacity')} value={bytes(ecParityCalc.rawCapacity)} />
              )}
            </Table.Tbody>
          </Table>
        </>
      )}
      {ecParityCalc !== null && ecParityCalc.storageFactors.length > 0 && (
        <Table withTableBorder striped data-testid={ids.parityTable}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('size.erasureCode')}</Table.Th>
              <Table.Th>{t('size.storageFactor')}</Table.Th>
              <Table.Th>{t('size.usableCapacity')}</Table.Th>
              <Table.Th>{t('size.failuresTolerated')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ecParityCalc.storageFactors.map((factor) => (
              <Table.Tr key={factor.erasureCode} fw={factor.erasureCode === value.ecParity ? 700 : undefined}>
                <Table.Td>
                  {factor.erasureCode}
                  {factor.erasureCode === value.ecParity && ` (${t('size.chosen')})`}
                </Table.Td>
                <Table.Td>{factor.storageFactor.toFixed(2)}</Table.Td>
                <Table.Td>{bytes(factor.maxCapacity)}</Table.Td>
                <Table.Td>{factor.maxFailureTolerations}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="50%">
        {label}
      </Table.Th>
      <Table.Td>{value}</Table.Td>
    </Table.Tr>
  );
}
