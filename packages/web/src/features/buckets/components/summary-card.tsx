/**
 * One card of the bucket Summary: its title, its value (a line of text), an optional detail line
 * under it (e.g. why the value is unknown) and an optional edit button that opens the setting's
 * modal. Test ids come from the setting's name (`BUCKETS_TEST_IDS.bucketSettings`) or are the card's own
 * (Encryption, Access Policy).
 */
import { ActionIcon, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BUCKETS_TEST_IDS } from '../test-ids.js';

const ids = BUCKETS_TEST_IDS.bucketSettings;

export interface SummaryCardProps {
  /** The setting's name in test ids: 'quota' → `bucket-setting-quota`; or the card's own test ids. */
  setting: string | CardTestIds;
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  /** The edit button: its tooltip (the modal's title), its accessible label and whether it acts. */
  edit?: { tooltip: string; label: string; disabled: boolean; onClick: () => void };
  /** Further lines under the value, each with its own test id. */
  notes?: ReactNode;
  /** The setting's modal, mounted with the card. */
  children?: ReactNode;
}

/** A card's test ids when they do not come from a setting's name. */
export interface CardTestIds {
  card: string;
  value: string;
  edit: string;
}

function cardTestIds(setting: string | CardTestIds): CardTestIds & { detail?: string } {
  if (typeof setting !== 'string') return setting;
  return {
    card: ids.card(setting),
    value: ids.value(setting),
    detail: ids.detail(setting),
    edit: ids.edit(setting),
  };
}

/** A card's value for a setting being read: `render`ed when known, '…' while read, `unknown` when not readable. */
export function settingValue<T>(
  query: { data: T | undefined; isError: boolean },
  render: (data: T) => string,
  unknown: string,
): string {
  if (query.data !== undefined) return render(query.data);
  return query.isError ? unknown : '…';
}

export function SummaryCard({ setting, title, value, detail, edit, notes, children }: SummaryCardProps) {
  const testIds = cardTestIds(setting);
  return (
    <Card withBorder data-testid={testIds.card}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" component="h2" m={0} fw={600}>
            {title}
          </Text>
          <Text size="lg" mt={4} data-testid={testIds.value}>
            {value}
          </Text>
          {detail !== undefined && (
            <Text size="xs" c="dimmed" data-testid={testIds.detail}>
              {detail}
            </Text>
          )}
          {notes}
        </div>
        {edit && (
          <Tooltip label={edit.tooltip}>
            <ActionIcon
              variant="subtle"
              aria-label={edit.label}
              onClick={edit.onClick}
              disabled={edit.disabled}
              data-testid={testIds.edit}
            >
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {children}
    </Card>
  );
}
