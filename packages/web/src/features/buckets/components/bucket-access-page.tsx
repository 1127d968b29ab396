/**
 * /buckets/{bucketName}/access — Access Audit (spec 1 §2, §6): tabs Policies and Users (the Users
 * tab only when the session's pages include /users). A policy row opens /policies/{name}, a user
 * row /users/{accessKey}.
 */
import { Alert, Anchor, Table, Tabs, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { policyPath, userPath } from '../../../shared/iam-paths.js';
import { useServerCapabilities, useSession } from '../../../shared/session/session-context.js';
import { useBucketPolicies } from '../api/list-bucket-policies.js';
import { useBucketUsers } from '../api/list-bucket-users.js';
import { BucketDetailFrame } from './bucket-detail-frame.js';

const ids = BUCKETS_TEST_IDS.accessAudit;

interface LinkedTableProps {
  columnTitle: string;
  names: readonly string[];
  loaded: boolean;
  emptyText: string;
  rowTestId: (name: string) => string;
  linkTo: (name: string) => string;
}

function LinkedTable({ columnTitle, names, loaded, emptyText, rowTestId, linkTo }: LinkedTableProps) {
  const navigate = useNavigate();
  const handleRowClick = (event: MouseEvent, name: string) => {
    // The link inside the row navigates by itself.
    if ((event.target as HTMLElement).closest('a') !== null) return;
    void navigate(linkTo(name));
  };
  return (
    <>
      <Table highlightOnHover withTableBorder verticalSpacing={0}>
        <Table.Thead>
          <Table.Tr h={40}>
            <Table.Th>{columnTitle}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {names.map((name) => (
            <Table.Tr
              key={name}
              h={40}
              style={{ cursor: 'pointer' }}
              onClick={(e) => handleRowClick(e, name)}
              data-testid={rowTestId(name)}
            >
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Anchor component={Link} to={linkTo(name)}>
                  {name}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {loaded && names.length === 0 && (
        <Text c="dimmed" mt="md">
          {emptyText}
        </Text>
      )}
    </>
  );
}

/** Access Audit reads IAM through MinIO's admin API: against a server without it, say so instead. */
export function BucketAccessPage() {
  const { t } = useTranslation(['buckets']);
  const bucketName = useParams().bucketName ?? '';
  const adminApi = useServerCapabilities().adminApi;
  return (
    <div data-testid={ids.screen}>
      <BucketDetailFrame bucketName={bucketName}>
        {adminApi ? (
          <BucketAccessAudit bucketName={bucketName} />
        ) : (
          <Alert color="gray" role="status" data-testid={ids.notOffered}>
            {t('anyServer.accessAuditNotOffered')}
          </Alert>
        )}
      </BucketDetailFrame>
    </div>
  );
}

/** The tabs, inside the frame: their calls start once the frame knows the bucket exists. */
function BucketAccessAudit({ bucketName }: { bucketName: string }) {
  const { t } = useTranslation(['buckets', 'common']);
  const showUsers = useSession().pages.includes('/users');
  const policies = useBucketPolicies(bucketName);
  const users = useBucketUsers(bucketName, showUsers);

  return (
    <>
      <Text component="h2" fw={700} size="lg" mt={0} mb="sm">
        {t('detail.accessAudit')}
      </Text>
      <Tabs defaultValue="policies">
        <Tabs.List mb="md">
          <Tabs.Tab value="policies" data-testid={ids.tabPolicies}>
            {t('access.policies')}
          </Tabs.Tab>
          {showUsers && (
            <Tabs.Tab value="users" data-testid={ids.tabUsers}>
              {t('access.users')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="policies">
          <LinkedTable
            columnTitle={t('common:table.name')}
            names={(policies.data?.policies ?? []).map((p) => p.name)}
            loaded={policies.isSuccess}
            emptyText={t('access.noPolicies')}
            rowTestId={ids.policyRow}
            linkTo={policyPath}
          />
        </Tabs.Panel>
        {showUsers && (
          <Tabs.Panel value="users">
            <LinkedTable
              columnTitle={t('common:table.accessKey')}
              names={(users.data ?? []).map((u) => u.accessKey)}
              loaded={users.isSuccess}
              emptyText={t('access.noUsers')}
              rowTestId={ids.userRow}
              linkTo={userPath}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
