/**
 * Where the console is mounted. The server writes the mount path into `<base href>` of index.html;
 * behind an operator proxy (spec 1 §1, paths of the form /api/proxy/{namespace}/{tenant}/...) the
 * first four path segments are the base whatever the tag says.
 */
export function detectBasePath(baseUri: string, pathname: string): string {
  const proxy = /^(\/api\/proxy\/[^/]+\/[^/]+)(\/|$)/.exec(pathname);
  if (proxy?.[1] !== undefined) return proxy[1];
  try {
    return new URL(baseUri).pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}
