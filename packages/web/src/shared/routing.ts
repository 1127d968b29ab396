/**
 * How a feature describes its screens to the app. `page` is the entry of the session's allowed-pages
 * list that must be present for the route to exist (spec 1 §2); `path` is the router pattern.
 */
import type { ReactNode } from 'react';

export interface FeatureRoute {
  path: string;
  page: string;
  element: ReactNode;
}
