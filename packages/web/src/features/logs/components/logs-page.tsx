/**
 * The Logs page /logs (spec 2 §2 Logs): a left menu with Error Logs and Audit Logs. Audit Logs is
 * disabled unless the session's features include log-search (spec 2 §6) — and while no audit view
 * is mounted: the view itself comes from outside this feature, through `auditLogs` (see
 * `routes.tsx`, `logsRoutes`). The chosen view is in the address (`?view=audit`).
 */
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LOGS_TEST_IDS } from '../test-ids.js';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useSession } from '../../../shared/session/session-context.js';
import { ErrorLogs } from './error-logs.js';

const ids = LOGS_TEST_IDS.logs;
/** The session feature that enables Audit Logs (spec 2 §3 Session). */
export const LOG_SEARCH_FEATURE = 'log-search';

export interface LogsPageProps {
  /** The Audit Logs view; absent: the entry stays disabled. */
  auditLogs?: ReactNode;
}

export function LogsPage({ auditLogs }: LogsPageProps) {
  const { t } = useTranslation(['logs']);
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const auditEnabled = auditLogs !== undefined && session.features.includes(LOG_SEARCH_FEATURE);
  const view = auditEnabled && params.get('view') === 'audit' ? 'audit' : 'error';
  return (
    <div data-testid={ids.screen}>
      <PageHeader title={t('title')} />
      <Tabs
        orientation="vertical"
        value={view}
        onChange={(value) => setParams(value === 'audit' ? { view: 'audit' } : {}, { replace: true })}
      >
        <Tabs.List>
          <Tabs.Tab value="error" data-testid={ids.tab('error')}>
            {t('errorLogs')}
          </Tabs.Tab>
          <Tabs.Tab value="audit" disabled={!auditEnabled} data-testid={ids.tab('audit')}>
            {t('auditLogs')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="error" pl="lg">
          {view === 'error' && <ErrorLogs />}
        </Tabs.Panel>
        {/* miw 0: the panel (a flex item) shrinks to the page, its wide table scrolls inside. */}
        <Tabs.Panel value="audit" pl="lg" miw={0}>
          {view === 'audit' && auditLogs}
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
