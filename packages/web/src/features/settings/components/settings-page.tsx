/**
 * The Settings screen /settings (spec 3 §2): left tabs Configurations, Lambda Notifications and
 * Tiers (the last only in a distributed setup), each sliding between its own steps.
 */
import { Tabs } from '@mantine/core';
import type { ConfigSection } from '@coffer/contract/client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useDistributedMode } from '../../../shared/session/session-context.js';
import { ConfigurationsPanel } from './configurations-panel.js';
import { LambdaPanel, type LambdaStep } from './lambda-panel.js';
import { TiersPanel, type TierStep } from './tiers-panel.js';

const TABS = ['configurations', 'lambda', 'tiers'] as const;
type Tab = (typeof TABS)[number];

export function SettingsPage() {
  const { t } = useTranslation(['settings']);
  const [params, setParams] = useSearchParams();
  const distributed = useDistributedMode();
  const tabs = TABS.filter((id) => id !== 'tiers' || distributed);
  // The tab is in the address (?tab=lambda), so a reload or a link opens it.
  const asked = params.get('tab');
  const tab: Tab = tabs.find((id) => id === asked && id !== 'configurations') ?? 'configurations';
  const [section, setSection] = useState<ConfigSection | null>(null);
  const [lambdaStep, setLambdaStep] = useState<LambdaStep>('list');
  const [tierStep, setTierStep] = useState<TierStep>('list');
  return (
    <div data-testid={SETTINGS_TEST_IDS.settings.screen}>
      <PageHeader title={t('title')} />
      <Tabs
        orientation="vertical"
        value={tab}
        onChange={(value) => {
          setSection(null);
          setLambdaStep('list');
          setTierStep('list');
          setParams(value === 'lambda' || value === 'tiers' ? { tab: value } : {}, { replace: true });
        }}
      >
        <Tabs.List>
          {tabs.map((id) => (
            <Tabs.Tab key={id} value={id} data-testid={SETTINGS_TEST_IDS.settings.tab(id)}>
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
        {distributed && (
          <Tabs.Panel value="tiers" pl="lg">
            <TiersPanel step={tierStep} onStep={setTierStep} />
          </Tabs.Panel>
        )}
      </Tabs>
    </div>
  );
}
