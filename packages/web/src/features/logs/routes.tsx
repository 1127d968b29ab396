/**
 * The logs feature's screen (spec 2 §2 Logs), loaded lazily. The Audit Logs view is handed in
 * (`auditLogs`) by whoever builds it — the mount point for audit log search — so this feature
 * never imports another; without it the Audit Logs entry stays disabled.
 */
import type { ReactNode } from 'react';
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

// The Logs screen and the audit log view it embeds.
const CATALOGUES: readonly Namespace[] = ['logs', 'auditLogs'];

const LogsPage = lazyScreen(() => import('./components/logs-page.js'), 'LogsPage', CATALOGUES);

/** The Audit Logs view (audit log search), loaded when the Audit Logs entry is opened. */
export const AuditLogsView = lazyScreen(() => import('./components/audit-logs.js'), 'AuditLogs', CATALOGUES);

export function logsRoutes(options: { auditLogs?: ReactNode } = {}): PageScreen[] {
  return [
    {
      page: 'logs',
      element: <LogsPage {...(options.auditLogs !== undefined ? { auditLogs: options.auditLogs } : {})} />,
    },
  ];
}
