/**
 * A CSV field as a list of entries (spec 3 §5): one input per entry, an add button and a remove
 * button per entry. What the form holds is the entries without blanks, joined with commas; a change
 * reaches the form after 500 ms without typing (spec 3 §9), or at once when the field loses focus,
 * so a Save right after typing still sends it.
 */
import { ActionIcon, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { joinCsv, splitCsv } from './config-form-model.js';

/** Spec 3 §9: CSV changes are sent after 500 ms. */
export const CSV_DELAY_MS = 500;

export function CsvInput({
  name,
  label,
  text,
  value,
  onChange,
  required,
  disabled,
}: {
  name: string;
  label: ReactNode;
  /** The label as text, for the entries' accessible names. */
  text: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['settings']);
  const [entries, setEntries] = useState<string[]>(() => {
    const list = splitCsv(value);
    return list.length === 0 ? [''] : list;
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<string[] | null>(null);
  const commit = useRef(onChange);
  useEffect(() => {
    commit.current = onChange;
  });

  const flush = () => {
    clearTimeout(timer.current);
    if (pending.current !== null) commit.current(joinCsv(pending.current));
    pending.current = null;
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string[]) => {
    setEntries(next);
    pending.current = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, CSV_DELAY_MS);
  };
  const ids = SETTINGS_TEST_IDS.settings;
  return (
    <Input.Wrapper label={label} withAsterisk={required} data-testid={ids.field(name)}>
      <Stack gap={4} onBlur={flush}>
        {entries.map((entry, index) => (
          <Group key={index} gap={4} wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              value={entry}
              disabled={disabled}
              aria-label={t('field.entry', { label: text, index: index + 1 })}
              onChange={(e) => change(entries.map((old, i) => (i === index ? e.currentTarget.value : old)))}
              data-testid={ids.csvEntry(name, index)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              disabled={disabled}
              aria-label={t('field.removeEntry', { label: text, index: index + 1 })}
              onClick={() => {
                const next = entries.filter((_, i) => i !== index);
                change(next.length === 0 ? [''] : next);
              }}
              data-testid={ids.csvRemove(name, index)}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <ActionIcon
            variant="light"
            disabled={disabled}
            aria-label={t('field.addEntry', { label: text })}
            onClick={() => change([...entries, ''])}
            data-testid={ids.csvAdd(name)}
          >
            <IconPlus size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
