/**
 * The catalogues' namespaces: one per area, named as in the English catalogue. The shell's
 * namespaces (texts every screen frame and the login screen show) are in the first load; every
 * other one is fetched with the screens that use it (`lazyScreen`).
 */
import type { Messages } from './locales/en/index.js';

export type Namespace = keyof Messages;

export const SHELL_NAMESPACES = ['common', 'layout', 'auth'] as const satisfies readonly Namespace[];
