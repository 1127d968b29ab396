/**
 * The shape every resource list screen shares (spec 2 §2): a titled header with actions, a search
 * box filtering by name, a table of 40 px rows with an actions column, optional row checkboxes, and
 * an empty text once the list has loaded. A screen describes only what differs — its texts, test
 * ids, columns and row actions — and renders its dialogs as children.
 */
import { Checkbox, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.js';
import { RowAction } from './row-action.js';
import type { RowActionProps } from './row-action.js';
import { SearchBox, matching } from './search-box.js';

/** Spec 1 §9: table rows and header are 40 px high. */
const ROW_HEIGHT = 40;

export interface ResourceColumn<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** Long names may break anywhere rather than widen the table. */
  breakAnywhere?: boolean;
}

export interface ResourceListTestIds {
  screen: string;
  search: string;
  table: string;
  empty: string;
  row: (key: string) => string;
}

/** Row checkboxes, owned by the screen so its header actions can use the selection. */
export interface ResourceSelection {
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  allLabel: string;
  rowLabel: (key: string) => string;
  rowTestId: (key: string) => string;
}

export interface ResourceListPageProps<T> {
  title: string;
  headerActions?: ReactNode;
  searchPlaceholder: string;
  emptyText: string;
  testIds: ResourceListTestIds;
  items: readonly T[];
  loaded: boolean;
  /** The row's key: the name searched, selected and put in the row's test id. */
  keyOf: (item: T) => string;
  /** What the search matches, when it is not the row's key. */
  searchKeyOf?: (item: T) => string;
  columns: readonly ResourceColumn<T>[];
  actionsWidth: number;
  rowActions: (item: T) => readonly RowActionProps[];
  selection?: ResourceSelection;
  /** 2 for a list inside a detail page whose title is the level-1 heading. */
  headingLevel?: 1 | 2;
  /** The screen's dialogs. */
  children?: ReactNode;
}

export function ResourceListPage<T>({
  title,
  headerActions,
  searchPlaceholder,
  emptyText,
  testIds,
  items,
  loaded,
  keyOf,
  searchKeyOf,
  columns,
  actionsWidth,
  rowActions,
  selection,
  headingLevel,
  children,
}: ResourceListPageProps<T>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const rows = matching(items, search, searchKeyOf ?? keyOf);

  return (
    <div data-testid={testIds.screen}>
      <PageHeader title={title} actions={headerActions} level={headingLevel} />
      <SearchBox
        placeholder={searchPlaceholder}
        value={search}
        onChange={setSearch}
        testId={testIds.search}
      />
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={testIds.table}>
        <Table.Thead>
          <Table.Tr h={ROW_HEIGHT}>
            {selection !== undefined && (
              <Table.Th w={40}>
                <SelectAllBox selection={selection} keys={rows.map(keyOf)} />
              </Table.Th>
            )}
            {columns.map((column, index) => (
              <Table.Th key={index}>{column.header}</Table.Th>
            ))}
            <Table.Th w={actionsWidth}>
              <span className="visually-hidden">{t('table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((item) => {
            const key = keyOf(item);
            return (
              <Table.Tr key={key} h={ROW_HEIGHT} data-testid={testIds.row(key)}>
                {selection !== undefined && (
                  <Table.Td>
                    <Checkbox
                      aria-label={selection.rowLabel(key)}
                      checked={selection.selected.has(key)}
                      onChange={(e) =>
                        selection.onChange(toggled(selection.selected, key, e.currentTarget.checked))
                      }
                      data-testid={selection.rowTestId(key)}
                    />
                  </Table.Td>
                )}
                {columns.map((column, index) => (
                  <Table.Td
                    key={index}
                    style={column.breakAnywhere === true ? { overflowWrap: 'anywhere' } : undefined}
                  >
                    {column.cell(item)}
                  </Table.Td>
                ))}
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {rowActions(item).map((action) => (
                      <RowAction key={action.tooltip} {...action} />
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {loaded && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={testIds.empty}>
          {emptyText}
        </Text>
      )}
      {children}
    </div>
  );
}

function SelectAllBox({ selection, keys }: { selection: ResourceSelection; keys: readonly string[] }) {
  const { selected, onChange, allLabel } = selection;
  const allSelected = keys.length > 0 && keys.every((key) => selected.has(key));
  return (
    <Checkbox
      aria-label={allLabel}
      checked={allSelected}
      indeterminate={!allSelected && keys.some((key) => selected.has(key))}
      onChange={(e) => onChange(e.currentTarget.checked ? new Set(keys) : new Set())}
    />
  );
}

/** `selected` with `key` added or removed. */
export function toggled(selected: ReadonlySet<string>, key: string, on: boolean): ReadonlySet<string> {
  const next = new Set(selected);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}
