/**
 * The API's base path and the filling of `:param` patterns. Free of zod, so the browser can use it
 * through `@coffer/contract/client` without pulling the schemas into its bundle.
 */

/** The API's base path (below the console's optional sub-path). */
export const API_PREFIX = '/api/v1';

/** Fill `:param`s of a route path, each value URI-encoded (`/buckets/:bucket` → `/buckets/a%2Fb`). */
export function apiPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: missing parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
