/**
 * The Logs page (/logs, spec 2 §2) as far as this branch builds it: the Audit Logs view, shown
 * when the session's features include 'log-search'. The page's shell with its Error Logs view
 * comes from the live-logs work (branch f-trace), which mounts `AuditLogs` beside Error Logs.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../shared/components/page-header.js';
import { useSession } from '../../../shared/session/session-context.js';
import { AuditLogs } from './audit-logs.js';

export function LogsPage() {
  const { t } = useTranslation(['layout', 'auditLogs']);
  const { features } = useSession();
  return (
    <>
      <PageHeader title={t('layout:menu.logs')} />
      {features.includes('log-search') ? <AuditLogs /> : <Text c="dimmed">{t('auditLogs:notEnabled')}</Text>}
    </>
  );
}
