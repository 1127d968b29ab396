/**
 * Every language is complete: the same namespaces and keys as English, the same interpolation
 * placeholders and markup tags in each message, and no empty message. The compiler checks the key
 * sets already (Catalogue<…>); this test also catches what types cannot see.
 */
import { describe, expect, it } from 'vitest';
import { PAGES } from '@coffer/contract/client';
import { LANGUAGES } from './languages.js';
import { RESOURCES } from './resources.js';

type Tree = { readonly [key: string]: string | Tree };

/** Every message of a namespace as [dotted key, text]. */
function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}

/** The placeholders ({{name}}) and tags (<strong>) of a message, sorted. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}|<\/?([a-z0-9]+)>/gi)]
    .map((m) => m[0].replace(/\s/g, ''))
    .sort();
}

const english = RESOURCES.en as unknown as Record<string, Tree>;

describe('message catalogues', () => {
  it('English has texts in every namespace and no empty message', () => {
    expect(Object.keys(english).length).toBeGreaterThan(1);
    for (const [ns, tree] of Object.entries(english)) {
      const messages = flatten(tree);
      expect(messages.length, ns).toBeGreaterThan(0);
      for (const [key, text] of messages) expect(text.trim(), `${ns}:${key}`).not.toBe('');
    }
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    describe(language, () => {
      const catalogue = RESOURCES[language] as unknown as Record<string, Tree>;

      it('has the same namespaces as English', () => {
        expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      });

      for (const ns of Object.keys(english)) {
        it(`${ns}: same keys, same placeholders and tags, no empty message`, () => {
          const source = new Map(flatten(english[ns] ?? {}));
          const translated = new Map(flatten(catalogue[ns] ?? {}));
          expect([...translated.keys()].sort()).toEqual([...source.keys()].sort());
          for (const [key, text] of translated) {
            expect(text.trim(), `${ns}:${key} is empty`).not.toBe('');
            expect(markers(text), `${ns}:${key} placeholders`).toEqual(markers(source.get(key) ?? ''));
          }
        });
      }
    });
  }
});

describe('the marker check itself', () => {
  it('sees a missing placeholder and a renamed one', () => {
    expect(markers('Delete {{name}}')).not.toEqual(markers('Löschen'));
    expect(markers('Delete {{name}}')).not.toEqual(markers('{{nom}} löschen'));
    expect(markers('Delete <strong>{{name}}</strong>?')).toEqual(
      markers('<strong>{{name}}</strong> löschen?'),
    );
  });
});

describe('menu texts', () => {
  it("name every page of the contract's catalogue, in English as the catalogue words it", () => {
    const menu = RESOURCES.en.layout.menu as Record<string, string>;
    for (const page of PAGES.filter((p) => 'menuGroup' in p))
      expect([page.id, menu[page.id]]).toEqual([page.id, page.label]);
  });
});
