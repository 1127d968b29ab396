/**
 * The on-demand catalogues are wired right: every namespace that is not bundled has a loader in
 * each language, and each loader answers its own namespace's catalogue (not a neighbour's).
 */
import { describe, expect, it } from 'vitest';
import { CATALOGUE_LOADERS } from './catalogue-loader.js';
import { LANGUAGES } from './languages.js';
import { SHELL_NAMESPACES } from './namespaces.js';
import { NAMESPACES, RESOURCES } from './resources.js';

describe('catalogue loaders', () => {
  it("has a loader for every namespace but English's bundled shell", () => {
    const shell: readonly string[] = SHELL_NAMESPACES;
    expect(Object.keys(CATALOGUE_LOADERS.en).sort()).toEqual(
      NAMESPACES.filter((ns) => !shell.includes(ns)).sort(),
    );
    expect(Object.keys(CATALOGUE_LOADERS.de).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(LANGUAGES)('loads each namespace of %s as its catalogue', async (language) => {
    for (const [namespace, load] of Object.entries(CATALOGUE_LOADERS[language])) {
      expect(await load(), `${language}/${namespace}`).toBe(
        RESOURCES[language][namespace as keyof typeof RESOURCES.en],
      );
    }
  });
});
