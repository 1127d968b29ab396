/** Where things are: the repository root, the built programs, and the test artifacts. */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const ENGINE_CLI = join(ROOT, 'packages/engine/dist/cli.js');
export const CONSOLE_MAIN = join(ROOT, 'packages/server/dist/main.js');
export const WEB_DIST = join(ROOT, 'packages/web/dist');
export const SCREENSHOTS = join(ROOT, 'test-results/screenshots');
