/**
 * The console's page catalogue: every page the console knows (spec 1 §2), the one source of the
 * server's page rules (which pages a session lists), the web's side menu and the web's routes.
 *
 * - `id`: the path without its leading slash (`object-browser`); the web keys its route elements
 *   and menu texts (`menu.<id>`) by it.
 * - `access`: when the server lists the page for an account — absent while the page is not served
 *   yet (the server never lists it, so the menu never shows it). `{}` is always. Otherwise:
 *   `anyOf` — one of the actions is allowed on at least one resource (a place to work; the storage
 *   server still decides every call made from it); `selfService` — MinIO's self-service rule, the
 *   account acts on itself, allowed unless explicitly denied; `ownPassword` — a built-in user
 *   signed in with its own keys; `adminApi` — the page needs MinIO's admin API, so it is never
 *   listed against a server without it (a plain S3 server); `distributed` — only in distributed
 *   mode (erasure-coded, more than one drive: Heal); `session` — which session kind the page is
 *   for: absent, storage sessions; 'operator', operator sessions only (operator mode: tenants,
 *   storage, a tenant's detail); 'any', both (sign-out, License). An operator session is listed
 *   exactly the pages for it, whatever the other rules say. The server evaluates these
 *   (`routes/session/pages.ts`).
 * - `menuGroup`: the side-menu group the entry sits in (none: not a menu entry).
 *
 * Order matters: it is the order of the session's page list and, within each group, of the menu.
 * Detail pages (/users/{name}, /buckets/{name}/…) go with their section's entry. Free of zod: the
 * browser imports it through `@coffer/contract/client`.
 */

export type MenuGroupName = 'common' | 'User' | 'Admin' | 'Tools' | 'Operator' | 'License';

export interface PageAccess {
  /** Listed when any of these actions is allowed somewhere. */
  readonly anyOf?: readonly string[];
  /** Listed unless this action (on the account itself) is explicitly denied. */
  readonly selfService?: string;
  /** Also needs an account that may change its own password. */
  readonly ownPassword?: boolean;
  /** Needs MinIO's admin API: never listed when the storage server does not offer it. */
  readonly adminApi?: boolean;
  /** Needs an erasure-coded backend of more than one drive (the session's `distributedMode`). */
  readonly distributed?: boolean;
  /** The session kind it is for: absent, storage sessions; 'operator'; 'any' (both). */
  readonly session?: 'operator' | 'any';
}

/** The browser's title in operator mode (spec 1 §2: "the page title becomes an operator title"). */
export const OPERATOR_PAGE_TITLE = 'Coffer Operator';

export interface ConsolePage {
  readonly id: string;
  readonly path: string;
  /** The page's name as the spec words it (the side menu's English text). */
  readonly label: string;
  readonly access?: PageAccess;
  readonly menuGroup?: MenuGroupName;
}

export const PAGES = [
  {
    id: 'buckets',
    path: '/buckets',
    label: 'Buckets',
    access: { anyOf: ['s3:ListAllMyBuckets', 's3:ListBucket', 's3:CreateBucket'] },
    menuGroup: 'Admin',
  },
  {
    id: 'object-browser',
    path: '/object-browser',
    label: 'Object Browser',
    access: { anyOf: ['s3:ListAllMyBuckets', 's3:ListBucket', 's3:GetObject', 's3:PutObject'] },
    menuGroup: 'User',
  },
  {
    id: 'account',
    path: '/account',
    label: 'Account',
    access: { selfService: 'admin:CreateServiceAccount', adminApi: true },
    menuGroup: 'User',
  },
  {
    id: 'account/change-password',
    path: '/account/change-password',
    label: 'Change Password',
    access: { selfService: 'admin:CreateUser', ownPassword: true, adminApi: true },
  },
  {
    id: 'users',
    path: '/users',
    label: 'Users',
    access: { anyOf: ['admin:ListUsers'], adminApi: true },
    menuGroup: 'Admin',
  },
  {
    id: 'groups',
    path: '/groups',
    label: 'Groups',
    access: { anyOf: ['admin:ListGroups'], adminApi: true },
    menuGroup: 'Admin',
  },
  {
    id: 'policies',
    path: '/policies',
    label: 'Policies',
    access: { anyOf: ['admin:ListUserPolicies'], adminApi: true },
    menuGroup: 'Admin',
  },
  // The sign-out entry of the side menu (spec 1 §2): always listed.
  { id: 'login', path: '/login', label: 'Logout', access: { session: 'any' } },
  // Known to the console, not served yet (later issues), unless an access rule is given.
  // MinIO's console shows the dashboard to accounts that may read the server's information.
  {
    id: 'dashboard',
    path: '/dashboard',
    label: 'Dashboard',
    access: { anyOf: ['admin:ServerInfo'], adminApi: true },
    menuGroup: 'common',
  },
  {
    id: 'settings',
    path: '/settings',
    label: 'Settings',
    access: { anyOf: ['admin:ConfigUpdate'], adminApi: true },
    menuGroup: 'Admin',
  },
  {
    id: 'webhook/logger',
    path: '/webhook/logger',
    label: 'Logger Webhook',
    access: { anyOf: ['admin:ConfigUpdate'], adminApi: true },
  },
  {
    id: 'webhook/audit',
    path: '/webhook/audit',
    label: 'Audit Webhook',
    access: { anyOf: ['admin:ConfigUpdate'], adminApi: true },
  },
  {
    id: 'logs',
    path: '/logs',
    label: 'Logs',
    access: { anyOf: ['admin:ConsoleLog', 'admin:ServerTrace'], adminApi: true },
    menuGroup: 'Tools',
  },
  {
    id: 'watch',
    path: '/watch',
    label: 'Watch',
    // ListenBucketNotification is MinIO's own S3 extension: a server without the admin API has none.
    access: { anyOf: ['s3:ListenBucketNotification'], adminApi: true },
    menuGroup: 'Tools',
  },
  {
    id: 'trace',
    path: '/trace',
    label: 'Trace',
    access: { anyOf: ['admin:ServerTrace'], adminApi: true },
    menuGroup: 'Tools',
  },
  {
    id: 'heal',
    path: '/heal',
    label: 'Heal',
    access: { anyOf: ['admin:Heal'], adminApi: true, distributed: true },
    menuGroup: 'Tools',
  },
  {
    id: 'health-info',
    path: '/health-info',
    label: 'Diagnostics',
    access: { anyOf: ['admin:OBDInfo'], adminApi: true },
    menuGroup: 'Tools',
  },
  // Operator mode (spec 3 §2). The wizard mounts below /tenants; /storage/volumes and
  // /storage/drives below /storage.
  {
    id: 'tenants',
    path: '/tenants',
    label: 'Tenants',
    access: { session: 'operator' },
    menuGroup: 'Operator',
  },
  {
    id: 'storage',
    path: '/storage',
    label: 'Storage',
    access: { session: 'operator' },
    menuGroup: 'Operator',
  },
  // A tenant's detail: /namespaces/{tenantNamespace}/tenants/{tenantName} and its sub-paths
  // /summary, /metrics, /security, /pools, /pods, /pods/{podName}, /license and /hop. Not a menu entry.
  { id: 'namespaces', path: '/namespaces', label: 'Tenant Details', access: { session: 'operator' } },
  // The deployment's subscription: for accounts that may read the server's information.
  {
    id: 'license',
    path: '/license',
    label: 'License',
    // Operator mode lists it too (under Operator in the menu, spec 1 §2).
    access: { anyOf: ['admin:ServerInfo'], adminApi: true, session: 'any' },
    menuGroup: 'License',
  },
  // The dashboard without the side menu (spec 2 §2): listed, not a menu entry.
  {
    id: 'metrics',
    path: '/metrics',
    label: 'Metrics',
    access: { anyOf: ['admin:ServerInfo'], adminApi: true },
  },
] as const satisfies readonly ConsolePage[];

export type PageId = (typeof PAGES)[number]['id'];

/** The catalogue entry of a page id. */
export function pageById(id: PageId): ConsolePage {
  const page = PAGES.find((p) => p.id === id);
  // Cannot happen: PageId is the union of the catalogue's ids.
  if (page === undefined) throw new Error(`unknown page id ${id}`);
  return page;
}
