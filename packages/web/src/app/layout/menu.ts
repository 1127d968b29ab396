/**
 * The side menu (spec 1 §2): every entry the spec names, in its group, and the rule that decides
 * which of them a session sees. An entry shows when the session's page list holds its path, its
 * screen is built in this version (pages not built yet are absent, never blank), and — for Heal —
 * the server is distributed. Documentation always shows and opens the external documentation site
 * in a new tab. License sits under Operator when the tenants page is allowed, otherwise under its
 * own License group. Groups with nothing to show are left out rather than shown as empty titles.
 * The entries, their groups, order, paths and texts are the contract's page catalogue (`PAGES`),
 * the same one the server's page rules read.
 */
import { PAGES, pageById, type ConsolePage, type MenuGroupName } from '@coffer/contract/client';

export type { MenuGroupName };

export interface MenuEntry {
  /** The catalogue's page id (`menu.<id>` names its text in the message catalogues). */
  id: string;
  label: string;
  path: string;
  /** Opens this address in a new tab instead of routing. */
  external?: string;
}

export interface MenuGroup {
  name: MenuGroupName;
  /** User, Admin and Tools fold open and closed, open by default. */
  collapsible: boolean;
  entries: MenuEntry[];
}

export const DOCUMENTATION_URL = 'https://min.io/docs/minio/linux/index.html';

const GROUP_ORDER: readonly MenuGroupName[] = ['common', 'User', 'Admin', 'Tools', 'Operator', 'License'];

const entryOf = (page: ConsolePage): MenuEntry => ({ id: page.id, label: page.label, path: page.path });

const LICENSE: MenuEntry = entryOf(pageById('license'));

/** The menu's groups and entries in catalogue order; License is placed per session below. */
const GROUPS: { name: MenuGroupName; entries: MenuEntry[] }[] = GROUP_ORDER.map((name) => ({
  name,
  entries: PAGES.filter((page: ConsolePage) => page.menuGroup === name && page.id !== LICENSE.id).map(
    entryOf,
  ),
}));

export const DOCUMENTATION: MenuEntry = {
  id: 'documentation',
  label: 'Documentation',
  path: '/documentation',
  external: DOCUMENTATION_URL,
};

/** Every first path segment the console knows, built or not ('/buckets', '/users', ...). */
export const KNOWN_SECTIONS: readonly string[] = PAGES.filter(
  // The sign-out entry's /login is a public screen outside the layout; sub-pages (account/…)
  // lie under their section already.
  (page: ConsolePage) => page.id !== 'login' && !page.id.includes('/'),
).map((page) => page.path);

export interface MenuInput {
  pages: readonly string[];
  builtPages: ReadonlySet<string>;
  distributedMode: boolean;
}

/** The groups and entries one session sees, in menu order (Documentation and Logout not included). */
export function visibleMenu({ pages, builtPages, distributedMode }: MenuInput): MenuGroup[] {
  const allowed = new Set(pages);
  const shows = (entry: MenuEntry): boolean =>
    allowed.has(entry.path) && builtPages.has(entry.path) && !(entry.path === '/heal' && !distributedMode);
  const licenseGroup: MenuGroupName = allowed.has('/tenants') ? 'Operator' : 'License';

  return GROUPS.map((group) => {
    const entries = group.name === licenseGroup ? [...group.entries, LICENSE] : group.entries;
    return {
      name: group.name,
      collapsible: group.name === 'User' || group.name === 'Admin' || group.name === 'Tools',
      entries: entries.filter(shows),
    };
  }).filter((group) => group.entries.length > 0);
}

const OBJECT_BROWSER = pageById('object-browser').path;

/**
 * The first path a session may open (the target of '/' and of unknown paths), if any. MinIO's
 * console lands on its object browser whenever the account may use it, although the dashboard
 * comes first in the menu; otherwise the first visible entry.
 */
export function firstAllowedPath(groups: readonly MenuGroup[]): string | undefined {
  const entries = groups.flatMap((g) => g.entries);
  return (entries.find((e) => e.path === OBJECT_BROWSER) ?? entries[0])?.path;
}

/** Whether a pathname lies under a section the console knows (as opposed to a made-up path). */
export function isKnownSection(pathname: string): boolean {
  return KNOWN_SECTIONS.some((section) => pathname === section || pathname.startsWith(`${section}/`));
}
