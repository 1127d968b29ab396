/** The plan comparison table of the License page (spec 2 §9 "Plans"), the current plan marked. */
import { Anchor, Badge, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LICENSE_TEST_IDS } from '../test-ids.js';
import { PLAN_IDS, PLAN_ROWS, planLink, type PlanId } from './plans.js';

export function PlansTable({ current, operator }: { current: PlanId; operator: boolean }) {
  const { t } = useTranslation('license');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder withColumnBorders striped data-testid={LICENSE_TEST_IDS.license.plans}>
        <Table.Caption>{t('comparePlans')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('feature')}</Table.Th>
            {PLAN_IDS.map((plan) => (
              <Table.Th key={plan} scope="col">
                {t(plan)}{' '}
                {plan === current && (
                  <Badge size="sm" variant="light" ml={4}>
                    {t('currentPlan')}
                  </Badge>
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PLAN_ROWS.map((row) => (
            <Table.Tr key={row.feature}>
              <Table.Th scope="row">{t(row.feature)}</Table.Th>
              {PLAN_IDS.map((plan) => (
                <Table.Td key={plan}>{t(row.values[plan])}</Table.Td>
              ))}
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td />
            {PLAN_IDS.map((plan) => (
              <Table.Td key={plan}>
                <Anchor href={planLink(plan, operator)} target="_blank" rel="noopener noreferrer">
                  {plan === 'community' ? t('download') : t('subscribe')}
                </Anchor>
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
