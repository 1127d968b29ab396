// Lint for the whole repo. Besides the usual rules it enforces the dependency direction of
// docs/architecture.md §2: which workspace may import which.
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a workspace must not make (architecture §2). */
const FORBIDDEN = {
  protocol: ['@coffer/engine', '@coffer/admin-client', '@coffer/contract', '@coffer/server', '@coffer/web'],
  engine: ['@coffer/admin-client', '@coffer/contract', '@coffer/server', '@coffer/web'],
  'admin-client': ['@coffer/engine', '@coffer/contract', '@coffer/server', '@coffer/web'],
  contract: ['@coffer/protocol', '@coffer/engine', '@coffer/admin-client', '@coffer/server', '@coffer/web'],
  // The console reaches the storage server only over the wire (architecture §1).
  server: ['@coffer/engine', '@coffer/web'],
  // The browser gets policy answers from the server, never evaluates them itself.
  web: ['@coffer/protocol', '@coffer/engine', '@coffer/admin-client', '@coffer/server'],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-types/**',
      '**/node_modules/**',
      'data/**',
      '.tmp/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@coffer/*/*'], message: 'Import a workspace only through its public entry.' },
          ],
        },
      ],
    },
  },
  ...Object.entries(FORBIDDEN).map(([pkg, names]) => ({
    files: [`packages/${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: names.map((name) => ({
            name,
            message: `packages/${pkg} must not import ${name} (architecture §2).`,
          })),
          patterns: [
            { group: ['@coffer/*/*'], message: 'Import a workspace only through its public entry.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    // A warning about TanStack Virtual's hook, which is used as its docs intend.
    rules: { 'react-hooks/incompatible-library': 'off' },
  },
  {
    // Every text a user reads comes from the message catalogues (packages/web/src/i18n/): a literal
    // in JSX text, or in a prop that carries words (labels, titles, placeholders, accessible
    // names, tooltips, empty texts…), fails lint. Literals elsewhere in JSX (variants, colours,
    // test ids, routes) are code, not texts.
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'packages/web/src/test/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'alt',
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'title',
              'label',
              'placeholder',
              'description',
              'error',
              'tooltip',
              'message',
              'emptyText',
              'columnTitle',
              'searchPlaceholder',
              'filterPlaceholder',
              'allLabel',
            ],
          },
          message: 'User-visible text must come from the message catalogues (t())',
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/*/test/**/*.ts', 'e2e/**/*.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
