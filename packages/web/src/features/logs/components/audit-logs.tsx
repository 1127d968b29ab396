/**
 * The Audit Logs view of the Logs page (spec 2 §2, §4 "Audit search"): Start Time and End Time,
 * the collapsible Advanced Filters (Bucket, API Name, User Agent, Object, Request ID, Response
 * Status) with the pattern hint, and Get Information, which — like a new sort order — searches
 * again from page 0; the results below (`audit-log-table.tsx`). Newest first by default.
 */
import { Button, Collapse, Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGS_TEST_IDS } from '../test-ids.js';
import { useAuditSearch, type AuditQuery } from '../api/audit-search.js';
import { AuditLogTable } from './audit-log-table.js';
import {
  COLUMNS,
  EMPTY_FORM,
  FILTER_FIELDS,
  toQuery,
  type AuditColumn,
  type AuditForm,
} from './audit-search-form.js';

const ids = LOGS_TEST_IDS.auditLogs;

export function AuditLogs() {
  const { t } = useTranslation('auditLogs');
  const [form, setForm] = useState<AuditForm>(EMPTY_FORM);
  const [advanced, setAdvanced] = useState(false);
  const [order, setOrder] = useState<AuditQuery['order']>('timeDesc');
  const [query, setQuery] = useState<AuditQuery | undefined>(undefined);
  const [visible, setVisible] = useState<ReadonlySet<AuditColumn>>(new Set(COLUMNS));
  const search = useAuditSearch(query);
  const { fetchNextPage } = search;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const run = (nextOrder: AuditQuery['order']) => setQuery(toQuery(form, nextOrder, (query?.run ?? 0) + 1));
  const toggleOrder = () => {
    const next = order === 'timeDesc' ? 'timeAsc' : 'timeDesc';
    setOrder(next);
    run(next);
  };
  const toggleColumn = (column: AuditColumn) =>
    setVisible((current) => {
      const next = new Set(current);
      if (next.has(column)) next.delete(column);
      else next.add(column);
      return next;
    });
  const setFilter = (field: (typeof FILTER_FIELDS)[number], value: string) =>
    setForm((f) => ({ ...f, filters: { ...f.filters, [field]: value } }));
  const records = search.data?.pages.flatMap((page) => page.results) ?? [];
  const Chevron = advanced ? IconChevronDown : IconChevronRight;

  return (
    <Stack gap="md" data-testid={ids.screen}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          run(order);
        }}
      >
        <Stack gap="sm">
          <Group align="flex-end" gap="md" wrap="wrap">
            <TextInput
              type="datetime-local"
              label={t('startTime')}
              value={form.start}
              onChange={(e) => setForm((f) => ({ ...f, start: e.currentTarget.value }))}
              data-testid={ids.startTime}
            />
            <TextInput
              type="datetime-local"
              label={t('endTime')}
              value={form.end}
              onChange={(e) => setForm((f) => ({ ...f, end: e.currentTarget.value }))}
              data-testid={ids.endTime}
            />
          </Group>
          <UnstyledButton
            onClick={() => setAdvanced((a) => !a)}
            aria-expanded={advanced}
            aria-controls="audit-advanced-filters"
            data-testid={ids.advancedToggle}
          >
            <Group gap={4}>
              <Chevron size={16} aria-hidden="true" />
              <Text fw={600} size="sm">
                {t('advancedFilters')}
              </Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={advanced} id="audit-advanced-filters">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
                {FILTER_FIELDS.map((field) => (
                  <TextInput
                    key={field}
                    label={t(`filter.${field}`)}
                    value={form.filters[field]}
                    onChange={(e) => setFilter(field, e.currentTarget.value)}
                    data-testid={ids.filter(field)}
                  />
                ))}
              </SimpleGrid>
              <Text size="sm" c="dimmed" data-testid={ids.hint}>
                {t('hint')}
              </Text>
            </Stack>
          </Collapse>
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={search.isFetching && !search.isFetchingNextPage}
              data-testid={ids.submit}
            >
              {t('getInformation')}
            </Button>
          </Group>
        </Stack>
      </form>
      {query !== undefined && (
        <AuditLogTable
          records={records}
          loading={search.isFetching}
          hasMore={search.hasNextPage}
          loadMore={loadMore}
          order={order}
          onToggleOrder={toggleOrder}
          visible={visible}
          onToggleColumn={toggleColumn}
        />
      )}
    </Stack>
  );
}
