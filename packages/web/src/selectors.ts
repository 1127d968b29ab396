/**
 * Every `data-testid` of the console, in one object: the app renders them and the browser tests in
 * `e2e/` (and component tests) import this module to find elements, so a renamed id breaks the
 * build, not a test at run time. Ids that depend on data (a bucket or object name) are functions.
 * Each part is owned where it is rendered — the shell's in `shared/test-ids.ts`, each area's in
 * `features/<area>/test-ids.ts` — and the app imports only its owner's part, so an area's ids load
 * with its screens, not in the first load; the app itself never imports this module.
 */
import { ACCOUNT_TEST_IDS } from './features/account/test-ids.js';
import { AUTH_TEST_IDS } from './features/auth/test-ids.js';
import { BUCKETS_TEST_IDS } from './features/buckets/test-ids.js';
import { DASHBOARD_TEST_IDS } from './features/dashboard/test-ids.js';
import { DIAGNOSTICS_TEST_IDS } from './features/diagnostics/test-ids.js';
import { HEAL_TEST_IDS } from './features/heal/test-ids.js';
import { IAM_TEST_IDS } from './features/iam/test-ids.js';
import { LICENSE_TEST_IDS } from './features/license/test-ids.js';
import { LOGS_TEST_IDS } from './features/logs/test-ids.js';
import { OBJECTS_TEST_IDS } from './features/objects/test-ids.js';
import { SERVICE_ACCOUNT_TEST_IDS } from './shared/components/service-account-test-ids.js';
import { SETTINGS_TEST_IDS } from './features/settings/test-ids.js';
import { SHELL_TEST_IDS } from './shared/test-ids.js';
import { TENANT_CREATE_IDS } from './features/tenant-create/test-ids.js';
import { TRACE_TEST_IDS } from './features/trace/test-ids.js';
import { WATCH_TEST_IDS } from './features/watch/test-ids.js';

export const TEST_IDS = {
  ...AUTH_TEST_IDS,
  ...SHELL_TEST_IDS,
  ...BUCKETS_TEST_IDS,
  ...OBJECTS_TEST_IDS,
  ...IAM_TEST_IDS,
  ...ACCOUNT_TEST_IDS,
  ...SERVICE_ACCOUNT_TEST_IDS,
  ...HEAL_TEST_IDS,
  ...SETTINGS_TEST_IDS,
  ...LOGS_TEST_IDS,
  ...LICENSE_TEST_IDS,
  ...DIAGNOSTICS_TEST_IDS,
  ...TRACE_TEST_IDS,
  ...WATCH_TEST_IDS,
  ...DASHBOARD_TEST_IDS,
  tenantCreate: TENANT_CREATE_IDS,
} as const;
