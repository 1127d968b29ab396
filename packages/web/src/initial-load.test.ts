/**
 * What the first load may carry, checked on the sources' static import graph (no build): from
 * `main.tsx`, following every import that stays at run time (not `import type`, not `import()`),
 * no German catalogue, no area's English catalogue beyond the shell's, not the test-only
 * `resources.ts`, no area's test ids (nor `selectors.ts`, which joins them all), and no Mantine
 * component that brings floating-ui or modal code. Re-adding a static import of one of them fails here (docs/performance.md, "Web
 * bundle": the initial load's target of 0.25 MB gzipped).
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SHELL_NAMESPACES } from './i18n/namespaces.js';

/** Every source module's text, by path relative to src/ ('app/app.tsx'). */
const SOURCES = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.*'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.slice(2), text]),
);

/** The relative specifiers a module imports at run time. */
function runtimeImports(name: string, text: string): string[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly !== true) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly && statement.moduleSpecifier) {
      found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** A relative `./x.js` specifier to its source module (`x.ts` or `x.tsx`); CSS and the like: none. */
function resolve(from: string, specifier: string): string | undefined {
  const base = new URL(specifier, `file:///src/${from}`).pathname.slice('/src/'.length).replace(/\.js$/, '');
  const name = [`${base}.ts`, `${base}.tsx`].find((candidate) => candidate in SOURCES);
  if (name === undefined && /\.[jt]sx?$/.test(specifier))
    throw new Error(`${specifier} (from ${from}) not found`);
  return name;
}

/** Every source module the entry loads statically. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    for (const specifier of runtimeImports(name, SOURCES[name] as string)) {
      const imported = resolve(name, specifier);
      if (imported !== undefined) queue.push(imported);
    }
  }
  return seen;
}

/** The Mantine components (named imports of '@mantine/core') the modules import at run time. */
function mantineImports(names: Iterable<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const name of names) {
    const source = ts.createSourceFile(name, SOURCES[name] as string, ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly === true) continue;
      if ((statement.moduleSpecifier as ts.StringLiteral).text !== '@mantine/core') continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings === undefined || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) if (!element.isTypeOnly) found.set(element.name.text, name);
    }
  }
  return found;
}

/**
 * Mantine components that need floating-ui (≈ 16 KB gzipped) or a modal's scroll lock and focus
 * trap: screens may use them (lazy chunks), the shell not (`DeferredTooltip` for a hint).
 */
const HEAVY_MANTINE = [
  'Tooltip',
  'Popover',
  'HoverCard',
  'Menu',
  'Combobox',
  'Select',
  'MultiSelect',
  'Autocomplete',
  'TagsInput',
  'ScrollArea',
  'Modal',
  'Drawer',
];

const kebab = (namespace: string) => namespace.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('the initial load (static imports from main.tsx)', () => {
  const closure = staticClosure('main.tsx');

  it('is walked through (the shell is in it)', () => {
    expect(closure).toContain('app/app.tsx');
    expect(closure).toContain('shared/components/lazy-screen.tsx');
    expect(closure).toContain('i18n/locales/en/common.ts');
  });

  it('carries no German catalogue: German is fetched when it is the language', () => {
    expect([...closure].filter((name) => name.startsWith('i18n/locales/de/'))).toEqual([]);
  });

  it("carries only the shell's English catalogues: an area's come with its screens", () => {
    const english = [...closure].filter((name) => name.startsWith('i18n/locales/en/'));
    expect(english.sort()).toEqual(SHELL_NAMESPACES.map((ns) => `i18n/locales/en/${kebab(ns)}.ts`).sort());
    expect(closure).not.toContain('i18n/resources.ts');
  });

  it('imports no Mantine component that would pull floating-ui or modal code into it', () => {
    const mantine = mantineImports(closure);
    expect(mantine.get('NativeSelect')).toBe('shared/components/language-picker.tsx');
    expect(
      HEAVY_MANTINE.filter((component) => mantine.has(component)).map((c) => `${c} (${mantine.get(c)})`),
    ).toEqual([]);
  });

  it("carries only the shell's test ids: an area's come with its screens", () => {
    expect(closure).toContain('shared/test-ids.ts');
    expect(closure).not.toContain('selectors.ts');
    expect([...closure].filter((name) => name.endsWith('test-ids.ts'))).toEqual(['shared/test-ids.ts']);
  });
});
