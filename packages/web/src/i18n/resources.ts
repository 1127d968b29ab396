/**
 * Every catalogue of both languages in one object, for the tests (the catalogues' parity, component
 * tests rendering screens directly). The app does not import it: it bundles English's shell and
 * fetches the rest on demand (`catalogue-loader.ts`; `initial-load.test.ts` keeps it that way).
 */
import type { Language } from './languages.js';
import { de } from './locales/de/index.js';
import { en } from './locales/en/index.js';
import type { Messages } from './locales/en/index.js';
import type { Catalogue } from './catalogue.js';

export const RESOURCES: Record<Language, Catalogue<Messages>> = { en, de };
export const NAMESPACES = Object.keys(en) as (keyof Messages)[];
export type Namespace = keyof Messages;
