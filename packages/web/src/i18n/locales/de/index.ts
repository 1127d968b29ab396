/** The German catalogues, the same namespaces and keys as English (checked by the compiler). */
import type { Catalogue } from '../../catalogue.js';
import type { Messages } from '../en/index.js';
import { account } from './account.js';
import { auth } from './auth.js';
import { buckets } from './buckets.js';
import { common } from './common.js';
import { iam } from './iam.js';
import { layout } from './layout.js';
import { objects } from './objects.js';
import { settings } from './settings.js';
import { auditLogs } from './audit-logs.js';
import { diagnostics } from './diagnostics.js';
import { trace } from './trace.js';
import { logs } from './logs.js';
import { heal } from './heal.js';
import { watch } from './watch.js';
import { dashboard } from './dashboard.js';
import { license } from './license.js';
import { tenants } from './tenants.js';
import { storage } from './storage.js';
import { tenantCreate } from './tenant-create.js';

export const de: Catalogue<Messages> = {
  common,
  layout,
  auth,
  account,
  buckets,
  objects,
  iam,
  settings,
  auditLogs,
  diagnostics,
  trace,
  logs,
  heal,
  watch,
  dashboard,
  license,
  tenants,
  storage,
  tenantCreate,
};
