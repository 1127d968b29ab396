/**
 * A filterable multi-select table of names, the selection part of the IAM modals: members of a
 * group ('Assign Users' / 'Edit Members' with 'Filter Users'), groups to join, policies to assign.
 * The filter is a substring match (spec 2 §5); selected names stay selected while filtered out.
 */
import { Checkbox, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IAM_TEST_IDS } from '../test-ids.js';
import { matching } from '../../../shared/components/search-box.js';

const ids = IAM_TEST_IDS.namePicker;

export interface NamePickerProps {
  /** Names the test ids and the ARIA labels, e.g. 'users'. */
  list: string;
  title: string;
  filterPlaceholder: string;
  columnTitle: string;
  names: readonly string[];
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  emptyText: string;
  loaded: boolean;
  disabled?: boolean;
}

export function NamePicker({
  list,
  title,
  filterPlaceholder,
  columnTitle,
  names,
  selected,
  onChange,
  emptyText,
  loaded,
  disabled,
}: NamePickerProps) {
  const { t } = useTranslation('iam');
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => matching(names, filter, (n) => n), [names, filter]);
  const allShownSelected = shown.length > 0 && shown.every((n) => selected.has(n));

  const toggle = (name: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  const toggleShown = (on: boolean) => {
    const next = new Set(selected);
    for (const name of shown) {
      if (on) next.add(name);
      else next.delete(name);
    }
    onChange(next);
  };

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="h3" m={0}>
        {title}
      </Text>
      <TextInput
        placeholder={filterPlaceholder}
        aria-label={filterPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        disabled={disabled}
        data-testid={ids.filter(list)}
      />
      {loaded && names.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid={ids.empty(list)}>
          {emptyText}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table withTableBorder verticalSpacing={4} data-testid={ids.table(list)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('picker.selectAllShown', { list })}
                    checked={allShownSelected}
                    indeterminate={!allShownSelected && shown.some((n) => selected.has(n))}
                    onChange={(e) => toggleShown(e.currentTarget.checked)}
                    disabled={disabled || shown.length === 0}
                  />
                </Table.Th>
                <Table.Th>{columnTitle}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((name) => (
                <Table.Tr key={name}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('picker.select', { name })}
                      checked={selected.has(name)}
                      onChange={(e) => toggle(name, e.currentTarget.checked)}
                      disabled={disabled}
                      data-testid={ids.option(list, name)}
                    />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
