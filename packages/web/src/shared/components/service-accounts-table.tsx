/**
 * A table of service accounts (spec 2 §3: the list is access keys) with a delete action per row,
 * filtered by the caller's search text. Used by the account page and a user's Service Accounts tab.
 */
import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_ACCOUNT_TEST_IDS } from './service-account-test-ids.js';

const ids = SERVICE_ACCOUNT_TEST_IDS.serviceAccounts;

export interface ServiceAccountsTableProps {
  accessKeys: readonly string[];
  loaded: boolean;
  onDelete: (accessKey: string) => void;
  emptyText: string;
}

export function ServiceAccountsTable({ accessKeys, loaded, onDelete, emptyText }: ServiceAccountsTableProps) {
  const { t } = useTranslation();
  return (
    <>
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{t('serviceAccount.column')}</Table.Th>
            <Table.Th w={80}>
              <span className="visually-hidden">{t('table.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accessKeys.map((key) => (
            <Table.Tr key={key} h={40} data-testid={ids.row(key)}>
              <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{key}</Table.Td>
              <Table.Td>
                <Tooltip label={t('actions.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red.9"
                    aria-label={t('serviceAccount.deleteLabel', { name: key })}
                    onClick={() => onDelete(key)}
                    data-testid={ids.delete(key)}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {loaded && accessKeys.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          {emptyText}
        </Text>
      )}
    </>
  );
}
