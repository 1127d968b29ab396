/**
 * Screen paths of IAM entities, for links from any feature (the Access Audit tab links to users and
 * policies). User names may contain slashes (spec 2 §2: "/users/{userName} (parameter may contain
 * slashes)"), so each segment is encoded on its own and the slashes stay; the route is a splat.
 */
const encodeSegments = (name: string): string => name.split('/').map(encodeURIComponent).join('/');

export function userPath(accessKey: string): string {
  return `/users/${encodeSegments(accessKey)}`;
}

export function policyPath(name: string): string {
  return `/policies/${encodeSegments(name)}`;
}
