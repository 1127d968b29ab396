/**
 * The engine's layer rule (eslint.config.js, docs/architecture.md engine section) on fixtures: a
 * file placed in one layer imports from another, and ESLint — with the repository's own config —
 * must refuse upward imports and accept downward ones. Source text only: nothing is written.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: REPO });

/** Messages of `no-restricted-imports` for `source` linted as if it were the file `path`. */
async function restrictedImports(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${REPO}packages/engine/src/${path}` });
  if (result === undefined) throw new Error('ESLint returned no result');
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const importOf = (from: string): string => `import { x } from '${from}';\nexport const y = x;\n`;

describe('engine layers (lint)', () => {
  it.each([
    ['storage/fixture.ts', '../object-layer/errors.js'],
    ['storage/fixture.ts', '../bucket/configs.js'],
    ['object-layer/fixture.ts', '../bucket/quota.js'],
    ['bucket/fixture.ts', '../http/context.js'],
    ['bucket/fixture.ts', '../iam/iam-system.js'],
    ['bucket/fixture.ts', '../s3/owner.js'],
    ['iam/fixture.ts', '../http/context.js'],
    ['iam/fixture.ts', '../engine-context.js'],
    ['bucket/fixture.ts', '../engine-context.js'],
    ['background/fixture.ts', '../http/server.js'],
    ['background/fixture.ts', '../iam/iam-system.js'],
    ['s3/fixture.ts', '../http/router.js'],
    ['s3/fixture.ts', '../background/index.js'],
    ['http/fixture.ts', '../background/index.js'],
    ['http/fixture.ts', '../engine.js'],
    ['common/fixture.ts', '../storage/errors.js'],
    ['storage/nested/fixture.ts', '../../object-layer/types.js'],
  ])('refuses %s importing %s (upward)', async (path, from) => {
    const messages = await restrictedImports(path, importOf(from));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/must not import/);
  });

  it.each([
    ['object-layer/fixture.ts', '../storage/errors.js'],
    ['bucket/fixture.ts', '../object-layer/types.js'],
    ['bucket/fixture.ts', '../common/xml.js'],
    ['iam/fixture.ts', '../bucket/configs.js'],
    ['background/fixture.ts', '../bucket/bucket-metadata.js'],
    ['s3/fixture.ts', '../http/context.js'],
    ['s3/fixture.ts', '../engine-context.js'],
    ['http/fixture.ts', '../s3/routes.js'],
    ['storage/fixture.ts', './drive.js'],
  ])('accepts %s importing %s (downward or within)', async (path, from) => {
    expect(await restrictedImports(path, importOf(from))).toEqual([]);
  });

  it('lets handlers and http/ import the engine context as a type only', async () => {
    const [value] = await eslint.lintText(
      `import { assembleEngineContext } from '../engine-context.js';\nexport const y = assembleEngineContext;\n`,
      {
        filePath: `${REPO}packages/engine/src/s3/fixture.ts`,
      },
    );
    expect(value?.messages.map((m) => m.ruleId)).toContain('@typescript-eslint/no-restricted-imports');
    const [typeOnly] = await eslint.lintText(
      `import type { EngineContext } from '../engine-context.js';\nexport type Y = EngineContext;\n`,
      { filePath: `${REPO}packages/engine/src/http/fixture.ts` },
    );
    expect(typeOnly?.messages).toEqual([]);
  });

  it('keeps the workspace rules in every layer', async () => {
    const messages = await restrictedImports('bucket/fixture.ts', importOf('@coffer/server'));
    expect(messages).toEqual([expect.stringMatching(/must not import @coffer\/server/)]);
    const deep = await restrictedImports('storage/fixture.ts', importOf('@coffer/protocol/src/x.js'));
    expect(deep).toEqual([expect.stringMatching(/public entry/)]);
  });
});
