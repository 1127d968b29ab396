/**
 * How a feature describes its screens to the app. A feature declares `PageScreen`s keyed by the
 * contract's page catalogue (`PAGES`: id and path, the same catalogue the server's page rules and
 * the side menu read), so no page path is written twice; the app resolves them to `FeatureRoute`s,
 * the router patterns the layout mounts when the session lists the page (spec 1 §2).
 */
import { pageById, type PageId } from '@coffer/contract/client';
import type { ReactNode } from 'react';

/** One screen of a catalogue page. */
export interface PageScreen {
  page: PageId;
  /** Below the page's path: absent for the page itself, e.g. ':bucketName/summary' or '*'. */
  subpath?: string;
  element: ReactNode;
}

/** A mounted route: `path` is the router pattern, `page` the session page (a path) it needs. */
export interface FeatureRoute {
  path: string;
  page: string;
  element: ReactNode;
}

/** The router patterns of page screens, from the catalogue's paths. */
export function resolveScreens(screens: readonly PageScreen[]): FeatureRoute[] {
  return screens.map(({ page, subpath, element }) => {
    const { path } = pageById(page);
    return { path: subpath === undefined ? path : `${path}/${subpath}`, page: path, element };
  });
}

/** The path of a catalogue page ('/buckets'), for links and redirects. */
export function pagePath(page: PageId): string {
  return pageById(page).path;
}
