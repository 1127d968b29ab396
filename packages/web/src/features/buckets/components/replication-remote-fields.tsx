/**
 * The remote server's fields, shared by the Set Multiple Bucket Replication wizard's first step and
 * Set Bucket Replication (spec 1 §3 "Remote replication configuration", §5, §9): target URL with
 * Use TLS (on by default, https or http), access and secret key, region, replication mode (async
 * by default), bandwidth (only in async mode, minimum 0, default 100 Gi, converted to bytes per
 * second; 0 for sync) and the health check period (default 60 s). No required-field checks
 * (spec 1 §5).
 */
import { Group, NativeSelect, NumberInput, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { MultiBucketReplicationRequest } from '../../../shared/api/types.js';

const ids = BUCKETS_TEST_IDS.replication;
const UNITS = ['Ki', 'Mi', 'Gi', 'Ti'] as const;
type BandwidthUnit = (typeof UNITS)[number];

export interface RemoteForm {
  targetURL: string;
  useTLS: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  syncMode: 'async' | 'sync';
  bandwidth: number | string;
  bandwidthUnit: BandwidthUnit;
  healthCheckPeriod: number | string;
}

/** Spec 1 §9's defaults. */
export const REMOTE_DEFAULTS: RemoteForm = {
  targetURL: '',
  useTLS: true,
  accessKey: '',
  secretKey: '',
  region: '',
  syncMode: 'async',
  bandwidth: 100,
  bandwidthUnit: 'Gi',
  healthCheckPeriod: 60,
};

const whole = (value: number | string) => {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
};

/** The request's remote part: bandwidth in bytes per second, 0 in sync mode. */
export function remoteRequest(form: RemoteForm): Omit<MultiBucketReplicationRequest, 'bucketsRelation'> {
  const factor = 1024 ** (UNITS.indexOf(form.bandwidthUnit) + 1);
  return {
    targetURL: form.targetURL.trim(),
    useTLS: form.useTLS,
    accessKey: form.accessKey,
    secretKey: form.secretKey,
    region: form.region.trim(),
    syncMode: form.syncMode,
    bandwidth: form.syncMode === 'sync' ? 0 : whole(form.bandwidth) * factor,
    healthCheckPeriod: whole(form.healthCheckPeriod),
  };
}

export function ReplicationRemoteFields({
  form,
  onChange,
  disabled,
}: {
  form: RemoteForm;
  onChange: (form: RemoteForm) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation(['buckets']);
  const set = <K extends keyof RemoteForm>(key: K, value: RemoteForm[K]) =>
    onChange({ ...form, [key]: value });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('replication.targetURL')}
        placeholder={t('replication.targetURLPlaceholder')}
        value={form.targetURL}
        onChange={(e) => set('targetURL', e.currentTarget.value)}
        disabled={disabled}
        data-testid={ids.targetURL}
      />
      <Switch
        label={t('replication.useTLS')}
        checked={form.useTLS}
        onChange={(e) => set('useTLS', e.currentTarget.checked)}
        disabled={disabled}
        data-testid={ids.useTLS}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('replication.accessKey')}
          value={form.accessKey}
          onChange={(e) => set('accessKey', e.currentTarget.value)}
          disabled={disabled}
          autoComplete="off"
          data-testid={ids.accessKey}
        />
        <PasswordInput
          label={t('replication.secretKey')}
          value={form.secretKey}
          onChange={(e) => set('secretKey', e.currentTarget.value)}
          disabled={disabled}
          autoComplete="new-password"
          data-testid={ids.secretKey}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t('replication.region')}
          value={form.region}
          onChange={(e) => set('region', e.currentTarget.value)}
          disabled={disabled}
          data-testid={ids.region}
        />
        <NativeSelect
          label={t('replication.syncMode')}
          data={[
            { value: 'async', label: t('replication.async') },
            { value: 'sync', label: t('replication.sync') },
          ]}
          value={form.syncMode}
          onChange={(e) => set('syncMode', e.currentTarget.value === 'sync' ? 'sync' : 'async')}
          disabled={disabled}
          data-testid={ids.syncMode}
        />
      </Group>
      <Group grow align="flex-start">
        {form.syncMode === 'async' && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NumberInput
              label={t('replication.bandwidth')}
              min={0}
              allowDecimal={false}
              value={form.bandwidth}
              onChange={(value) => set('bandwidth', value)}
              disabled={disabled}
              style={{ flex: 1 }}
              data-testid={ids.bandwidth}
            />
            <NativeSelect
              aria-label={t('replication.bandwidthUnit')}
              data={UNITS.map((unit) => ({ value: unit, label: t('replication.perSecond', { unit }) }))}
              value={form.bandwidthUnit}
              onChange={(e) => set('bandwidthUnit', e.currentTarget.value as BandwidthUnit)}
              disabled={disabled}
              w={110}
              data-testid={ids.bandwidthUnit}
            />
          </Group>
        )}
        <NumberInput
          label={t('replication.healthCheck')}
          min={0}
          allowDecimal={false}
          value={form.healthCheckPeriod}
          onChange={(value) => set('healthCheckPeriod', value)}
          disabled={disabled}
          data-testid={ids.healthCheck}
        />
      </Group>
    </Stack>
  );
}
