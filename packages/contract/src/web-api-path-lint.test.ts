/**
 * The lint rule of eslint.config.js that keeps API paths out of the web's hand (issue 7): fixture
 * sources linted as if they were files of a feature, with the repository's real configuration.
 * A hand-written `/api/v1` path (string or template) and a raw fetch outside `lib/` fail; a call
 * of a contract entry through the typed client passes. It lives with the contract (a Node project)
 * because the web project's tests run in a browser-like document.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FEATURE_FILE = 'packages/web/src/features/users/api/get-thing.ts';
const LIB_FILE = 'packages/web/src/lib/thing-client.ts';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages of the rule under test for `code` linted as `filePath`. */
async function restricted(code: string, filePath = FEATURE_FILE): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (result === undefined) throw new Error('no lint result');
  const fatal = result.messages.filter((m) => m.fatal === true);
  expect(fatal).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const HAND_WRITTEN = /No hand-written API path/;

describe('no hand-written API path in web', () => {
  it('fails a string literal path', async () => {
    const code = [
      "import type { ApiClient } from '../../../lib/api-client.js';",
      "export const usersUrl = (client: ApiClient): string => client.basePath + '/api/v1/users';",
      '',
    ].join('\n');
    const messages = await restricted(code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(HAND_WRITTEN);
  });

  it('fails a template literal path', async () => {
    const code = [
      'export function bucketUrl(base: string, bucket: string): string {',
      '  return `${base}/api/v1/buckets/${encodeURIComponent(bucket)}`;',
      '}',
      '',
    ].join('\n');
    const messages = await restricted(code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(HAND_WRITTEN);
  });

  it('fails a raw fetch or XMLHttpRequest outside lib/, and allows them inside lib/', async () => {
    const code = [
      'export async function raw(url: string): Promise<unknown> {',
      '  await window.fetch(url);',
      '  new XMLHttpRequest().open("GET", url);',
      '  return (await fetch(url)).json();',
      '}',
      '',
    ].join('\n');
    const outside = await restricted(code);
    expect(outside).toHaveLength(3);
    for (const message of outside) expect(message).toMatch(/No raw (fetch|XMLHttpRequest) outside lib/);
    expect(await restricted(code, LIB_FILE)).toEqual([]);
    // lib/ holds the client, but a hand-written path fails there too.
    expect(await restricted("export const path = '/api/v1/session';\n", LIB_FILE)).toHaveLength(1);
  });

  it('passes a call of a contract entry through the typed client', async () => {
    const code = [
      "import { ENDPOINTS } from '@coffer/contract/client';",
      "import type { ApiClient } from '../../../lib/api-client.js';",
      '',
      'export function getUser(client: ApiClient, name: string, signal?: AbortSignal) {',
      '  return client.call(ENDPOINTS.getUser, { query: { name }, signal });',
      '}',
      '',
      'export function downloadUrl(client: ApiClient, bucket: string, key: string): string {',
      '  return client.url(ENDPOINTS.downloadObject, { params: { bucket }, query: { prefix: key } });',
      '}',
      '',
    ].join('\n');
    const [result] = await eslint.lintText(code, { filePath: FEATURE_FILE });
    expect(result?.messages).toEqual([]);
  });
});
