/**
 * /policies (spec 2 §2): the IAM policies with 'Search Policies', 'Create Policy', a view and a
 * delete action per row, and 'No Policies Available' when there are none to show.
 */
import { ActionIcon, Anchor, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { policyPath } from '../../../shared/iam-paths.js';
import { usePolicies } from '../api/list-policies.js';
import { CreatePolicyModal } from './create-policy-modal.js';
import { DeletePolicyModal } from './delete-policy-modal.js';
import { SearchBox, matching } from './search-box.js';

const ids = TEST_IDS.policies;

export function PoliciesPage() {
  const policies = usePolicies();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const rows = matching(policies.data?.policies ?? [], search, (p) => p.name);

  return (
    <div data-testid={ids.screen}>
      <PageHeader
        title="IAM Policies"
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setCreating(true)}
            data-testid={ids.create}
          >
            Create Policy
          </Button>
        }
      />
      <SearchBox placeholder="Search Policies" value={search} onChange={setSearch} testId={ids.search} />
      <Table highlightOnHover withTableBorder verticalSpacing={0} data-testid={ids.table}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>Name</Table.Th>
            <Table.Th w={100}>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((policy) => (
            <Table.Tr key={policy.name} h={40} data-testid={ids.row(policy.name)}>
              <Table.Td>
                <Anchor component={Link} to={policyPath(policy.name)}>
                  {policy.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="View">
                    <ActionIcon
                      component={Link}
                      to={policyPath(policy.name)}
                      variant="subtle"
                      aria-label={`View policy ${policy.name}`}
                      data-testid={ids.view(policy.name)}
                    >
                      <IconEye size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={`Delete policy ${policy.name}`}
                      onClick={() => setToDelete(policy.name)}
                      data-testid={ids.delete(policy.name)}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {policies.isSuccess && rows.length === 0 && (
        <Text c="dimmed" mt="md" data-testid={ids.empty}>
          No Policies Available
        </Text>
      )}
      <CreatePolicyModal opened={creating} onClose={() => setCreating(false)} />
      <DeletePolicyModal policy={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}
