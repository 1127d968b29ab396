/**
 * A list screen's parts as the bucket tabs (Events, Replication, Lifecycle) and the Settings lists
 * (Lambda Notifications, Tiers) show them: the add button at the end of a toolbar (with a filter
 * and a refresh button where the list has them), then a bordered table of fixed-height rows whose
 * last column holds each row's action (its header is read out, not shown), and the list's empty
 * text once it has loaded with nothing in it. Long values break anywhere rather than widen the
 * table.
 */
import { Button, Group, Table, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from './search-box.js';

export interface RowsColumn<T> {
  header: ReactNode;
  width?: number;
  /** Names, prefixes, endpoints: may break anywhere. */
  wrap?: boolean;
  cell: (row: T) => ReactNode;
  cellTestId?: (row: T) => string;
}

export interface RowsTableProps<T> {
  rows: readonly T[];
  columns: RowsColumn<T>[];
  rowKey: (row: T, index: number) => string;
  rowTestId: (row: T, index: number) => string;
  action: (row: T, index: number) => ReactNode;
  /** The empty text shows only after a successful load. */
  empty: { loaded: boolean; text: string };
  testIds: { table: string; empty: string };
}

const ROW_HEIGHT = 40;

export function RowsTable<T>({
  rows,
  columns,
  rowKey,
  rowTestId,
  action,
  empty,
  testIds,
}: RowsTableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <>
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={testIds.table}>
        <Table.Thead>
          <Table.Tr h={ROW_HEIGHT}>
            {columns.map((column, i) => (
              <Table.Th key={i} w={column.width}>
                {column.header}
              </Table.Th>
            ))}
            <Table.Th w={60}>
              <span className="visually-hidden">{t('table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)} h={ROW_HEIGHT} data-testid={rowTestId(row, index)}>
              {columns.map((column, i) => (
                <Table.Td
                  key={i}
                  style={column.wrap === true ? { overflowWrap: 'anywhere' } : undefined}
                  data-testid={column.cellTestId?.(row)}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td>{action(row, index)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {empty.loaded && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={testIds.empty}>
          {empty.text}
        </Text>
      )}
    </>
  );
}

export interface AddAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}

function AddButton({ label, onClick, disabled, testId }: AddAction) {
  return (
    <Button
      leftSection={<IconPlus size={16} aria-hidden="true" />}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** A bucket tab's toolbar: only its add button, at the end. */
export function AddBar(props: AddAction) {
  return (
    <Group justify="flex-end" mb="md">
      <AddButton {...props} />
    </Group>
  );
}

/** A Settings list's toolbar: the filter, then Refresh and the add button. */
export function FilterRefreshAddBar({
  filter,
  refresh,
  add,
}: {
  filter: { placeholder: string; value: string; onChange: (value: string) => void; testId: string };
  refresh: { loading: boolean; onClick: () => void; testId: string };
  add: AddAction;
}) {
  const { t } = useTranslation('common');
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <SearchBox
        placeholder={filter.placeholder}
        value={filter.value}
        onChange={filter.onChange}
        testId={filter.testId}
      />
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          loading={refresh.loading}
          onClick={refresh.onClick}
          data-testid={refresh.testId}
        >
          {t('actions.refresh')}
        </Button>
        <AddButton {...add} />
      </Group>
    </Group>
  );
}
