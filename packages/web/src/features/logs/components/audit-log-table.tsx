/**
 * The Audit Logs results (spec 2 §2): the record columns (each can be switched off in the Columns
 * menu), Timestamp sortable (a new order reloads from page 0), rows appended by infinite scroll
 * (a sentinel below the table asks for the next page when it scrolls into view), and 'There is no
 * information with this criteria' when nothing matches.
 */
import { Button, Checkbox, Group, Loader, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../i18n/use-format.js';
import { LOGS_TEST_IDS } from '../test-ids.js';
import type { AuditLogRecord, AuditQuery } from '../api/audit-search.js';
import { COLUMNS, type AuditColumn } from './audit-search-form.js';

const ids = LOGS_TEST_IDS.auditLogs;
/** Long free text (names, ids, agents) may break anywhere; short values stay on one line. */
const FREE_TEXT = new Set<AuditColumn>(['bucket', 'object', 'remote_host', 'request_id', 'user_agent']);
const cellStyle = (column: AuditColumn) =>
  FREE_TEXT.has(column) ? { overflowWrap: 'anywhere' as const } : { whiteSpace: 'nowrap' as const };

export interface AuditLogTableProps {
  records: readonly AuditLogRecord[];
  loading: boolean;
  hasMore: boolean;
  loadMore: () => void;
  order: AuditQuery['order'];
  onToggleOrder: () => void;
  visible: ReadonlySet<AuditColumn>;
  onToggleColumn: (column: AuditColumn) => void;
}

function LoadMoreSentinel({ loadMore }: { loadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore]);
  return <div ref={ref} style={{ height: 1 }} data-testid={ids.loadMore} />;
}

export function AuditLogTable(props: AuditLogTableProps) {
  const { t } = useTranslation('auditLogs');
  const format = useFormat();
  const columns = COLUMNS.filter((c) => props.visible.has(c));
  const cell = (record: AuditLogRecord, column: AuditColumn): string => {
    if (column === 'time') return format.date(record.time);
    if (column === 'response_status')
      return `${record.response_status_code} ${record.response_status}`.trim();
    return String(record[column]);
  };
  const SortIcon = props.order === 'timeDesc' ? IconArrowDown : IconArrowUp;
  return (
    <>
      <Group justify="flex-end" mb="xs">
        <Menu closeOnItemClick={false} position="bottom-end">
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconColumns size={16} aria-hidden="true" />}
              data-testid={ids.columns}
            >
              {t('columns')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {COLUMNS.map((column) => (
              <Menu.Item key={column} component="div">
                <Checkbox
                  label={t(`column.${column}`)}
                  checked={props.visible.has(column)}
                  onChange={() => props.onToggleColumn(column)}
                  data-testid={ids.columnToggle(column)}
                />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Table.ScrollContainer minWidth={columns.length * 130}>
        <Table striped highlightOnHover data-testid={ids.table}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) =>
                column === 'time' ? (
                  <Table.Th key={column} aria-sort={props.order === 'timeDesc' ? 'descending' : 'ascending'}>
                    <UnstyledButton onClick={props.onToggleOrder} data-testid={ids.sortTime}>
                      <Group gap={4} wrap="nowrap">
                        <Text fw={700} size="sm">
                          {t('column.time')}
                        </Text>
                        <SortIcon size={14} aria-hidden="true" />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                ) : (
                  <Table.Th key={column}>{t(`column.${column}`)}</Table.Th>
                ),
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.records.map((record, index) => (
              <Table.Tr key={`${record.request_id}-${index}`} data-testid={ids.row}>
                {columns.map((column) => (
                  <Table.Td key={column} data-column={column} style={cellStyle(column)}>
                    {cell(record, column)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!props.loading && props.records.length === 0 && (
        <Text ta="center" c="dimmed" py="lg" data-testid={ids.empty}>
          {t('empty')}
        </Text>
      )}
      {props.loading && (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t('loading')} />
        </Group>
      )}
      {props.hasMore && !props.loading && <LoadMoreSentinel loadMore={props.loadMore} />}
    </>
  );
}
