/**
 * Typed access to `scripts/system-deps.mjs` (plain Node ESM, outside the TypeScript projects) for
 * tests: a client suite calls `requireSystemDeps(['rclone'])` first, which installs through apt
 * when running as root and otherwise fails with the exact install command — a missing client is a
 * failure, never a silent skip.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './engine-process.js';

export interface Detection {
  found: boolean;
  version?: string;
  where?: string;
}

export interface SystemDepsModule {
  ensureSystemDeps(options: {
    needs?: string[];
    env?: NodeJS.ProcessEnv;
    gocode?: string;
    install?: boolean;
    isRoot?: boolean;
    log?: (line: string) => void;
    sbin?: string[];
  }): Promise<Record<string, Detection>>;
  detectSystemDeps(options: {
    needs?: string[];
    env?: NodeJS.ProcessEnv;
    gocode?: string;
    sbin?: string[];
  }): Promise<{ results: Record<string, Detection>; missing: string[] }>;
  installCommand(missing: string[]): string;
  findOnPath(name: string, pathValue: string | undefined): Promise<string | undefined>;
}

export const SYSTEM_DEPS_SCRIPT = path.join(REPO_ROOT, 'scripts/system-deps.mjs');

export async function loadSystemDeps(): Promise<SystemDepsModule> {
  return (await import(pathToFileURL(SYSTEM_DEPS_SCRIPT).href)) as SystemDepsModule;
}

/** Ensures the tools are there (installing as root); resolves with their detections. */
export async function requireSystemDeps(needs: string[]): Promise<Record<string, Detection>> {
  const mod = await loadSystemDeps();
  return mod.ensureSystemDeps({ needs, log: () => {} });
}
