/**
 * The Settings screen /settings (spec 3 §2): left tabs Configurations and Lambda Notifications,
 * each sliding between its own steps. Spec 3 wants a Tiers tab in a distributed setup; its content
 * comes with the tiers issue, so until then it is not shown at all rather than shown empty.
 */
import { Tabs } from '@mantine/core';
import type { ConfigSection } from '@coffer/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TEST_IDS } from '../../../selectors.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { ConfigurationsPanel } from './configurations-panel.js';
import { LambdaPanel, type LambdaStep } from './lambda-panel.js';

const TABS = ['configurations', 'lambda'] as const;
type Tab = (typeof TABS)[number];

export function SettingsPage() {
  const { t } = useTranslation(['settings']);
  const [params, setParams] = useSearchParams();
  // The tab is in the address (?tab=lambda), so a reload or a link opens it.
  const tab: Tab = params.get('tab') === 'lambda' ? 'lambda' : 'configurations';
  const [section, setSection] = useState<ConfigSection | null>(null);
  const [lambdaStep, setLambdaStep] = useState<LambdaStep>('list');
  return (
    <div data-testid={TEST_IDS.settings.screen}>
      <PageHeader title={t('title')} />
      <Tabs
        orientation="vertical"
        value={tab}
        onChange={(value) => {
          setSection(null);
          setLambdaStep('list');
          setParams(value === 'lambda' ? { tab: 'lambda' } : {}, { replace: true });
        }}
      >
        <Tabs.List>
          {TABS.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={TEST_IDS.settings.tab(id)}>
              {t(`tabs.${id}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="configurations" pl="lg">
          <ConfigurationsPanel selected={section} onSelect={setSection} />
        </Tabs.Panel>
        <Tabs.Panel value="lambda" pl="lg">
          <LambdaPanel step={lambdaStep} onStep={setLambdaStep} />
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
