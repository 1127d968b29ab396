/**
 * The breadcrumb's optional rewind date label (spec 2 §2): the breadcrumb, then — while rewind is
 * on — the date the list shows.
 */
import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { OBJECTS_TEST_IDS } from '../test-ids.js';

export function RewindLabel({ date, children }: { date: string; children: ReactNode }) {
  const { t } = useTranslation('objects');
  const format = useFormat();
  if (date === '') return <>{children}</>;
  return (
    <Group gap="xs" wrap="wrap" align="center">
      {children}
      <Badge variant="light" color="gray" mb={4} data-testid={OBJECTS_TEST_IDS.rewind.label}>
        {t('rewind.label', { date: format.date(date) })}
      </Badge>
    </Group>
  );
}
