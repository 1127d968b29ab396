import { PAGES } from '@coffer/contract/client';
import { describe, expect, it } from 'vitest';
import { firstAllowedPath, isKnownSection, visibleMenu } from './menu.js';

const ALL_PAGES = [
  '/dashboard',
  '/object-browser',
  '/account',
  '/buckets',
  '/users',
  '/groups',
  '/policies',
  '/logs',
  '/watch',
  '/trace',
  '/heal',
  '/health-info',
  '/settings',
  '/license',
];
const ALL_BUILT = new Set(ALL_PAGES.concat(['/tenants', '/storage']));

const paths = (groups: ReturnType<typeof visibleMenu>) =>
  Object.fromEntries(groups.map((g) => [g.name, g.entries.map((e) => e.path)]));

describe('visibleMenu (spec 1 §2)', () => {
  it('shows an entry only when the session allows its page', () => {
    const groups = visibleMenu({ pages: ['/buckets'], builtPages: ALL_BUILT, distributedMode: true });
    expect(paths(groups)).toEqual({ Admin: ['/buckets'] });
  });

  it('leaves out pages that are not built yet, and groups left empty', () => {
    const groups = visibleMenu({
      pages: ALL_PAGES,
      builtPages: new Set(['/buckets', '/object-browser']),
      distributedMode: true,
    });
    expect(paths(groups)).toEqual({ User: ['/object-browser'], Admin: ['/buckets'] });
  });

  it('hides Heal in the non-distributed setup only', () => {
    const on = visibleMenu({ pages: ['/heal'], builtPages: ALL_BUILT, distributedMode: true });
    const off = visibleMenu({ pages: ['/heal'], builtPages: ALL_BUILT, distributedMode: false });
    expect(paths(on)).toEqual({ Tools: ['/heal'] });
    expect(paths(off)).toEqual({});
  });

  it('puts License under Operator when tenants are allowed, otherwise under License', () => {
    expect(
      paths(visibleMenu({ pages: ['/license'], builtPages: ALL_BUILT, distributedMode: false })),
    ).toEqual({
      License: ['/license'],
    });
    expect(
      paths(visibleMenu({ pages: ['/license', '/tenants'], builtPages: ALL_BUILT, distributedMode: false })),
    ).toEqual({
      Operator: ['/tenants', '/license'],
    });
  });

  it('makes User, Admin and Tools collapsible, the others not', () => {
    const groups = visibleMenu({
      pages: [...ALL_PAGES, '/tenants'],
      builtPages: ALL_BUILT,
      distributedMode: true,
    });
    expect(Object.fromEntries(groups.map((g) => [g.name, g.collapsible]))).toEqual({
      common: false,
      User: true,
      Admin: true,
      Tools: true,
      Operator: false,
    });
  });
});

describe('firstAllowedPath and isKnownSection', () => {
  it('finds the first visible entry, or nothing', () => {
    const groups = visibleMenu({
      pages: ['/buckets', '/object-browser'],
      builtPages: ALL_BUILT,
      distributedMode: true,
    });
    expect(firstAllowedPath(groups)).toBe('/object-browser');
    expect(firstAllowedPath([])).toBeUndefined();
    // The dashboard is the menu's first entry, yet the object browser is where sessions land.
    const withDashboard = visibleMenu({ pages: ALL_PAGES, builtPages: ALL_BUILT, distributedMode: true });
    expect(withDashboard[0]?.entries[0]?.path).toBe('/dashboard');
    expect(firstAllowedPath(withDashboard)).toBe('/object-browser');
    const dashboardOnly = visibleMenu({
      pages: ['/dashboard'],
      builtPages: ALL_BUILT,
      distributedMode: true,
    });
    expect(firstAllowedPath(dashboardOnly)).toBe('/dashboard');
  });

  it('knows the console sections and nothing else', () => {
    expect(isKnownSection('/users')).toBe(true);
    expect(isKnownSection('/buckets/b/events')).toBe(true);
    expect(isKnownSection('/bucketsx')).toBe(false);
    expect(isKnownSection('/no/such/page')).toBe(false);
  });
});

describe('the page catalogue drives the menu', () => {
  it('lists every catalogue page of a menu group, in catalogue order, keyed by page id', () => {
    const groups = visibleMenu({
      pages: [...ALL_PAGES, '/tenants', '/storage'],
      builtPages: ALL_BUILT,
      distributedMode: true,
    });
    const shown = groups.flatMap((g) => g.entries);
    const inMenu = PAGES.filter((p) => 'menuGroup' in p);
    expect(shown.map((e) => e.id).sort()).toEqual(inMenu.map((p) => p.id).sort());
    for (const entry of shown) {
      const page = PAGES.find((p) => p.id === entry.id);
      expect(entry).toEqual({ id: page?.id, label: page?.label, path: page?.path });
    }
    expect(groups.find((g) => g.name === 'Tools')?.entries.map((e) => e.label)).toEqual([
      'Logs',
      'Watch',
      'Trace',
      'Heal',
      'Diagnostics',
    ]);
  });
});
