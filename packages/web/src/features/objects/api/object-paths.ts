/**
 * Paths in the object browser. The route is /object-browser/{bucket}/{path…}: the path's segments,
 * each URI-encoded, without a trailing slash; the listing prefix is that path plus '/'. Names ending
 * in '/' are folders (spec 2 §3).
 */
export function isFolder(name: string): boolean {
  return name.endsWith('/');
}

/** The listing prefix of a route path: '' for the bucket root, 'a/b/' for 'a/b'. */
export function prefixOf(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/** The browser route of a bucket and object key or folder prefix. */
export function browserPath(bucket: string, key = ''): string {
  const segments = key.split('/').filter((s) => s !== '');
  return ['/object-browser', bucket, ...segments]
    .map((s, i) => (i === 0 ? s : encodeURIComponent(s)))
    .join('/');
}

/** The last path element of a key, without a folder's trailing slash ('a/b/' → 'b', 'a/c.txt' → 'c.txt'). */
export function displayName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The parent folder of a key ('a/b/c.txt' → 'a/b/', 'a/b/' → 'a/', 'x' → ''). */
export function parentPrefix(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  const slash = trimmed.lastIndexOf('/');
  return slash < 0 ? '' : trimmed.slice(0, slash + 1);
}

/** Folders before files, each group keeping the server's order (spec 2 §2). */
export function foldersFirst<T extends { name: string }>(entries: readonly T[]): T[] {
  return [...entries.filter((e) => isFolder(e.name)), ...entries.filter((e) => !isFolder(e.name))];
}
