/**
 * Each area's screens fetch the catalogues the area reads: every namespace a feature's sources use
 * (`useTranslation(…)`, a `'ns:key'` key, an `ns` option) is the shell's or in the `CATALOGUES`
 * its `routes.tsx` passes to every `lazyScreen`; the shell (app/, shared/) reads only the shell's
 * namespaces, which are always there. Otherwise a screen would show raw keys in a fresh load.
 */
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES } from './namespaces.js';
import { NAMESPACES } from './resources.js';

const shell: readonly string[] = SHELL_NAMESPACES;

/** Every source module's text (tests left out), by path relative to src/ ('features/iam/routes.tsx'). */
const SOURCES = Object.entries(
  import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => [path.slice(3), text] as const);

/** The namespaces the sources under a directory read. */
function namespacesUsed(dir: string): Set<string> {
  const used = new Set<string>();
  const known = new Set<string>(NAMESPACES);
  for (const [, text] of SOURCES.filter(([path]) => path.startsWith(`${dir}/`))) {
    for (const call of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
      const args = [...(call[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1] as string);
      if (args.length === 0) used.add('common');
      args.forEach((ns) => used.add(ns));
    }
    for (const m of text.matchAll(/['"`](\w+):[\w.]/g))
      if (known.has(m[1] as string)) used.add(m[1] as string);
    for (const m of text.matchAll(/\bns(?::\s*|=\{?)['"](\w+)['"]/g)) used.add(m[1] as string);
  }
  return used;
}

const routesOf = new Map(
  SOURCES.flatMap(([path, text]) => {
    const area = /^features\/([^/]+)\/routes\.tsx$/.exec(path)?.[1];
    return area === undefined ? [] : [[area, text] as const];
  }),
);
const areas = [...routesOf.keys()];

describe("areas' catalogues", () => {
  it('finds the areas', () => expect(areas.length).toBeGreaterThan(10));

  it.each(areas)('%s: its screens fetch every namespace it reads', (area) => {
    const routes = routesOf.get(area) ?? '';
    const declared = /const CATALOGUES: readonly Namespace\[\] = \[([^\]]*)\]/.exec(routes);
    expect(declared, 'routes.tsx declares CATALOGUES').not.toBeNull();
    const catalogues = [...(declared?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
    // Every lazy screen of the area passes them.
    const screens = routes.match(/lazyScreen\(/g)?.length ?? 0;
    expect(routes.match(/\bCATALOGUES\b/g)?.length ?? 0).toBe(screens + 1);
    const missing = [...namespacesUsed(`features/${area}`)].filter(
      (ns) => !shell.includes(ns) && !catalogues.includes(ns),
    );
    expect(missing).toEqual([]);
  });

  it("the shell reads only the shell's namespaces", () => {
    for (const dir of ['app', 'shared', 'lib']) {
      expect(
        [...namespacesUsed(dir)].filter((ns) => !shell.includes(ns)),
        dir,
      ).toEqual([]);
    }
  });
});
