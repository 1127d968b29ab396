/**
 * The lint rule that keeps texts in the catalogues really bites: the repository's own ESLint
 * configuration, run on fixture components placed (virtually) under packages/web/src, refuses a
 * literal text — as JSX text or in a prop a user reads — and accepts the same component with t().
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository root, from this file's own path (Vite rewrites the usual new URL(path, import.meta.url)).
const ROOT = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /packages\/web\/src\/i18n\/[^/]+$/,
  '',
);
const RULE = 'i18next/no-literal-string';

const FIXTURES = {
  literalText: `export function Hello() {
  return <p>Hello world</p>;
}
`,
  literalLabel: `import { TextInput } from '@mantine/core';
export function Name() {
  return <TextInput label="Bucket Name" data-testid="name" />;
}
`,
  literalAriaLabel: `export function Close() {
  return <button type="button" aria-label="Close the dialog" />;
}
`,
  translated: `import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
export function Name() {
  const { t } = useTranslation('buckets');
  return (
    <div className="form">
      <p>{t('create.title')}</p>
      <TextInput label={t('create.name')} variant="default" data-testid="name" />
    </div>
  );
}
`,
};

async function ruleMessages(source: string, file: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(source, { filePath: `${ROOT}${file}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('no literal user-visible strings in web components', () => {
  it('fails a component that renders a literal text', async () => {
    const messages = await ruleMessages(FIXTURES.literalText, 'packages/web/src/features/demo/hello.tsx');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Hello world');
  });

  it('fails literal labels and accessible names', async () => {
    const web = 'packages/web/src/features/demo/';
    expect(await ruleMessages(FIXTURES.literalLabel, `${web}name.tsx`)).toHaveLength(1);
    expect(await ruleMessages(FIXTURES.literalAriaLabel, `${web}close.tsx`)).toHaveLength(1);
  });

  it('passes the component that takes its texts from t()', async () => {
    expect(await ruleMessages(FIXTURES.translated, 'packages/web/src/features/demo/name.tsx')).toEqual([]);
  });

  it('leaves component tests alone', async () => {
    expect(await ruleMessages(FIXTURES.literalText, 'packages/web/src/features/demo/hello.test.tsx')).toEqual(
      [],
    );
  });
});
