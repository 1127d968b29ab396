/**
 * Pod Affinity (advanced; spec 3 §3 "Pod affinity", §5): none, the default pod anti-affinity, or a
 * node selector of key=value labels (offered from `GET /nodes/labels`) with or without the
 * anti-affinity. The node selector needs at least one complete pair.
 */
import { ActionIcon, Alert, Autocomplete, Button, Group, Radio, Stack, Switch, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import { useNodeLabels } from '../api/get-node-labels.js';
import { newRowId, type AffinityForm, type AffinityType } from '../model/form.js';
import type { StepProblems } from '../model/rules.js';
import { problemText } from '../model/problem-text.js';

const ids = TENANT_CREATE_IDS;
const TYPES: readonly AffinityType[] = ['none', 'default', 'nodeSelector'];

export function AffinityStep({
  value,
  onChange,
  problems,
}: {
  value: AffinityForm;
  onChange: (patch: Partial<AffinityForm>) => void;
  problems: StepProblems;
}) {
  const { t } = useTranslation('tenantCreate');
  const nodeSelector = value.podAffinity === 'nodeSelector';
  const labels = useNodeLabels(nodeSelector);
  const known = labels.data ?? {};
  const rows = value.nodeSelectorLabels;
  const setRow = (index: number, patch: { key?: string; value?: string }) =>
    onChange({ nodeSelectorLabels: rows.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const addRow = () => onChange({ nodeSelectorLabels: [...rows, { id: newRowId(), key: '', value: '' }] });

  const choose = (type: string) => {
    const podAffinity = type as AffinityType;
    // The node selector starts with one row to fill in.
    const start = podAffinity === 'nodeSelector' && rows.length === 0;
    onChange({
      podAffinity,
      ...(start ? { nodeSelectorLabels: [{ id: newRowId(), key: '', value: '' }] } : {}),
    });
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('affinity.intro')}</Text>
      <Radio.Group label={t('affinity.type')} value={value.podAffinity} onChange={choose}>
        <Stack gap="xs" mt="xs">
          {TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(`affinity.${type}`)}
              data-testid={ids.field(`podAffinity-${type}`)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {nodeSelector && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t('affinity.labels')}
          </Text>
          {rows.map((row, index) => (
            <Group key={row.id} gap="xs" align="flex-end" wrap="nowrap">
              <Autocomplete
                style={{ flex: 1 }}
                label={t('affinity.key')}
                data={Object.keys(known)}
                value={row.key}
                onChange={(key) => setRow(index, { key })}
                data-testid={ids.field(`label-key-${index}`)}
              />
              <Autocomplete
                style={{ flex: 1 }}
                label={t('affinity.value')}
                data={known[row.key.trim()] ?? []}
                value={row.value}
                onChange={(text) => setRow(index, { value: text })}
                data-testid={ids.field(`label-value-${index}`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                disabled={rows.length <= 1}
                onClick={() => onChange({ nodeSelectorLabels: rows.filter((_, i) => i !== index) })}
                aria-label={t('affinity.removeLabel', { index: index + 1 })}
                data-testid={ids.removeRow('labels', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={addRow} data-testid={ids.addRow('labels')}>
              {t('affinity.addLabel')}
            </Button>
          </Group>
          {problems.nodeSelectorLabels !== undefined && (
            <Alert color="red" role="alert" title={problemText(t, problems.nodeSelectorLabels)} />
          )}
          <Switch
            label={t('affinity.withPodAntiAffinity')}
            checked={value.withPodAntiAffinity}
            onChange={(e) => onChange({ withPodAntiAffinity: e.currentTarget.checked })}
            data-testid={ids.field('withPodAntiAffinity')}
          />
        </Stack>
      )}
    </Stack>
  );
}
