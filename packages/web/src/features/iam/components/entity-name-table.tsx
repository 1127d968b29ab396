/**
 * A one-column table of names with a search box above it — the Users and Groups tabs of a policy,
 * a user's Groups tab, a bucket's Access Audit lists. A name can link to its screen.
 */
import { Anchor, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SearchBox, matching } from '../../../shared/components/search-box.js';

export interface EntityNameTableProps {
  names: readonly string[];
  loaded: boolean;
  columnTitle: string;
  searchPlaceholder: string;
  searchTestId: string;
  emptyText: string;
  rowTestId: (name: string) => string;
  /** The screen a name opens, if it opens one. */
  linkTo?: (name: string) => string;
  /** Buttons shown on the search box's row. */
  actions?: ReactNode;
}

export function EntityNameTable({
  names,
  loaded,
  columnTitle,
  searchPlaceholder,
  searchTestId,
  emptyText,
  rowTestId,
  linkTo,
  actions,
}: EntityNameTableProps) {
  const [search, setSearch] = useState('');
  const rows = matching(names, search, (n) => n);
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <SearchBox
          placeholder={searchPlaceholder}
          value={search}
          onChange={setSearch}
          testId={searchTestId}
        />
        {actions}
      </Group>
      <Table highlightOnHover withTableBorder verticalSpacing={0}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{columnTitle}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((name) => (
            <Table.Tr key={name} h={40} data-testid={rowTestId(name)}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {linkTo === undefined ? (
                  name
                ) : (
                  <Anchor component={Link} to={linkTo(name)}>
                    {name}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {loaded && rows.length === 0 && (
        <Text c="dimmed" mt="md">
          {emptyText}
        </Text>
      )}
    </>
  );
}
