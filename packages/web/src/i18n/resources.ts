/**
 * Every catalogue, bundled with the app (no fetch at start): a few kilobytes gzipped for both
 * languages, far less than a round trip would cost.
 */
import type { Language } from './languages.js';
import { de } from './locales/de/index.js';
import { en } from './locales/en/index.js';
import type { Messages } from './locales/en/index.js';
import type { Catalogue } from './catalogue.js';

export const RESOURCES: Record<Language, Catalogue<Messages>> = { en, de };
export const NAMESPACES = Object.keys(en) as (keyof Messages)[];
export type Namespace = keyof Messages;
