/** The Heal page's figures under the chart (spec 2 §2): size scanned, objects healed, healing time. */
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { HEAL_TEST_IDS } from '../test-ids.js';
import type { HealProgress } from './heal-model.js';

const ids = HEAL_TEST_IDS.heal;

export function HealResults({ progress }: { progress: HealProgress | undefined }) {
  const { t } = useTranslation(['heal']);
  const format = useFormat();
  return (
    <Group gap="xl" mt="md" wrap="wrap">
      <Text data-testid={ids.sizeScanned}>
        {t('sizeScanned', { size: format.bytes(progress?.bytesScanned ?? 0) })}
      </Text>
      <Text data-testid={ids.objectsHealed}>
        {t('objectsHealed', { healed: progress?.objectsHealed ?? 0, scanned: progress?.objectsScanned ?? 0 })}
      </Text>
      <Text data-testid={ids.healingTime}>{t('healingTime', { seconds: progress?.healDuration ?? 0 })}</Text>
    </Group>
  );
}
