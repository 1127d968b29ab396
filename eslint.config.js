// Lint for the whole repo. Besides the usual rules it enforces the dependency direction of
// docs/architecture.md §2 (which workspace may import which) and, inside the engine, the layer
// order of its engine section (a layer imports only the layers below it).
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a workspace must not make (architecture §2). */
const FORBIDDEN = {
  protocol: [
    '@coffer/server-guard',
    '@coffer/engine',
    '@coffer/admin-client',
    '@coffer/contract',
    '@coffer/server',
    '@coffer/web',
  ],
  // Hardening shared by the engine's and the console's HTTP servers: it imports nothing of ours.
  'server-guard': [
    '@coffer/protocol',
    '@coffer/engine',
    '@coffer/admin-client',
    '@coffer/contract',
    '@coffer/server',
    '@coffer/web',
  ],
  engine: ['@coffer/admin-client', '@coffer/contract', '@coffer/server', '@coffer/web'],
  'admin-client': [
    '@coffer/server-guard',
    '@coffer/engine',
    '@coffer/contract',
    '@coffer/server',
    '@coffer/web',
  ],
  contract: [
    '@coffer/protocol',
    '@coffer/server-guard',
    '@coffer/engine',
    '@coffer/admin-client',
    '@coffer/server',
    '@coffer/web',
  ],
  // The console reaches the storage server only over the wire (architecture §1).
  server: ['@coffer/engine', '@coffer/web'],
  // The Kubernetes simulator runs engines as processes (never imports them) and is no console part.
  'cluster-sim': ['@coffer/engine', '@coffer/contract', '@coffer/server', '@coffer/web'],
  // The browser gets policy answers from the server, never evaluates them itself.
  web: [
    '@coffer/protocol',
    '@coffer/server-guard',
    '@coffer/engine',
    '@coffer/admin-client',
    '@coffer/server',
  ],
};

/**
 * The web calls the console API only through its typed client (`lib/api-client.ts`), by the
 * contract's entries (`ENDPOINTS` of `@coffer/contract/client`): an API path written by hand (any
 * string or template literal holding `/api/v1`) fails, and so does a raw `fetch` or
 * `XMLHttpRequest` outside `lib/`, where the client and the upload helper live. Tests play the
 * server's side of the wire and are exempt. Tested by `packages/contract/src/web-api-path-lint.test.ts`.
 */
const HAND_WRITTEN_API_PATH = [
  {
    selector: 'Literal[value=/\\/api\\/v1/]',
    message: 'No hand-written API path: call the contract entry through the typed client (ENDPOINTS).',
  },
  {
    selector: 'TemplateElement[value.raw=/\\/api\\/v1/]',
    message: 'No hand-written API path: call the contract entry through the typed client (ENDPOINTS).',
  },
];
const RAW_REQUESTS = [
  {
    selector: "CallExpression[callee.name='fetch']",
    message: 'No raw fetch outside lib/: use the typed API client.',
  },
  {
    selector: "CallExpression[callee.property.name='fetch'][callee.object.name=/^(window|globalThis|self)$/]",
    message: 'No raw fetch outside lib/: use the typed API client.',
  },
  {
    selector: "NewExpression[callee.name='XMLHttpRequest']",
    message: 'No raw XMLHttpRequest outside lib/: use lib/xhr-upload.ts with a URL built from the contract.',
  },
];
const WEB_TESTS = ['packages/web/**/*.test.{ts,tsx}', 'packages/web/src/test/**'];

/** The public-entry rule every workspace keeps (a later `no-restricted-imports` replaces an earlier one). */
/** A workspace's declared sub-entries (`@coffer/contract/client`) are public entries too. */
const PUBLIC_ENTRY = {
  group: ['@coffer/*/*', '!@coffer/contract/client'],
  message: 'Import a workspace only through its public entry.',
};

/** `no-restricted-imports` options of one workspace: its forbidden workspaces plus `patterns`. */
function workspaceImports(pkg, patterns = []) {
  return {
    paths: FORBIDDEN[pkg].map((name) => ({
      name,
      message: `packages/${pkg} must not import ${name} (architecture §2).`,
    })),
    patterns: [PUBLIC_ENTRY, ...patterns],
  };
}

/**
 * Engine layers, top to bottom (docs/architecture.md, engine section): `http/` → handlers → `iam/`
 * → `bucket/` → `events/` → `object-layer/` → `storage/`, with `common/` (the error base and the XML
 * codec) under all of them; the built-in KMS (`kms/`) uses only `storage/` and `common/`. `background/` workers sit beside the handlers but may only use
 * `bucket/` and below; only the composition root (`engine.ts`, `engine-context.ts`, `cli*.ts`,
 * `index.ts`) starts them. Handlers may use `http/`'s request toolkit (the request context, body
 * and XML writers, authorisation) but not the router or server that call them. Each entry: the
 * folders of one layer and the engine folders or root modules they must not import.
 */
const HANDLERS = ['s3', 'admin', 'sts', 'metrics'];
const ROOT_MODULES = ['engine', 'engine-context', 'cli', 'cli-args', 'index'];
const ENGINE_LAYERS = [
  {
    folders: ['common'],
    above: [
      'storage',
      'kms',
      'config',
      'object-layer',
      'crypto',
      'compress',
      'tier',
      'events',
      'bucket',
      'notify',
      'logging',
      'replication',
      'iam',
      'background',
      'http',
      ...HANDLERS,
    ],
  },
  {
    folders: ['storage'],
    above: [
      'kms',
      'config',
      'object-layer',
      'crypto',
      'compress',
      'tier',
      'events',
      'bucket',
      'notify',
      'logging',
      'replication',
      'iam',
      'background',
      'http',
      ...HANDLERS,
    ],
  },
  // The built-in KMS (issue 8 §2) and the server configuration (issue 10 §1) stand beside iam/ and
  // bucket/: they use common/ and storage/ only (their documents go through a store interface).
  {
    folders: ['kms', 'config'],
    above: [
      'object-layer',
      'crypto',
      'compress',
      'tier',
      'events',
      'bucket',
      'notify',
      'logging',
      'replication',
      'iam',
      'background',
      'http',
      ...HANDLERS,
    ],
  },
  {
    folders: ['object-layer'],
    above: [
      'crypto',
      'compress',
      'tier',
      'events',
      'bucket',
      'notify',
      'logging',
      'replication',
      'iam',
      'background',
      'http',
      ...HANDLERS,
    ],
  },
  // Encryption at rest (issue 8 §2, uses kms/) and compression (issue 10 §1, reads config/):
  // object-layer decorators (docs/decisions/0006); remote tiers (issue 12): the tiering decorator
  // and the tiers' configuration and warm backends.
  {
    folders: ['crypto', 'compress', 'tier'],
    above: ['events', 'bucket', 'notify', 'logging', 'replication', 'iam', 'background', 'http', ...HANDLERS],
  },
  {
    folders: ['events'],
    above: ['bucket', 'notify', 'logging', 'replication', 'iam', 'background', 'http', ...HANDLERS],
  },
  {
    folders: ['bucket'],
    above: ['notify', 'logging', 'replication', 'iam', 'background', 'http', ...HANDLERS],
  },
  // Notification targets and the logger/audit webhooks (issue 10 §1–2): they read config/, events/
  // and bucket/ (the notification configuration), and are started only by the composition root.
  { folders: ['notify', 'logging'], above: ['iam', 'background', 'http', ...HANDLERS] },
  // Bucket replication (issue 12): reads bucket/ (rules, remote targets) and events/, writes
  // through the object layer; started only by the composition root; handlers use its service.
  { folders: ['replication'], above: ['notify', 'logging', 'iam', 'background', 'http', ...HANDLERS] },
  { folders: ['background'], above: ['iam', 'http', ...HANDLERS] },
  { folders: ['iam'], above: ['background', 'http', ...HANDLERS] },
  {
    folders: HANDLERS,
    above: ['background', 'http/router', 'http/server'],
    rootModules: ['engine', 'cli', 'cli-args', 'index'],
  },
  { folders: ['http'], above: ['background'], rootModules: ['engine', 'cli', 'cli-args', 'index'] },
];

/** One regex pattern per forbidden folder or root module, matching relative import paths. */
function layerPatterns({ folders, above, rootModules = ROOT_MODULES }) {
  const where = folders.join(', ');
  return [
    ...above.map((target) => ({
      regex: `^(\\.\\./)+${target.replace('/', '\\/')}(/|\\.js$)`,
      message: `${where} must not import ${target}/: the engine's layers import only the layers below them (docs/architecture.md, engine).`,
    })),
    {
      regex: `^(\\.\\./)+(${rootModules.join('|')})\\.js$`,
      message: `${where} must not import the composition root (${rootModules.join(', ')}): it receives its services.`,
    },
  ];
}

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
      'no-restricted-imports': ['error', { patterns: [PUBLIC_ENTRY] }],
    },
  },
  ...Object.keys(FORBIDDEN).map((pkg) => ({
    files: [`packages/${pkg}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', workspaceImports(pkg)] },
  })),
  // Engine layers. Tests may reach across layers to build what they exercise.
  ...ENGINE_LAYERS.map((layer) => ({
    files: layer.folders.map((folder) => `packages/engine/src/${folder}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', workspaceImports('engine', layerPatterns(layer))] },
  })),
  // Handlers and http/ see the engine context as a type only: they receive it, never build it.
  {
    files: [...HANDLERS, 'http'].map((folder) => `packages/engine/src/${folder}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+engine-context\\.js$',
              allowTypeImports: true,
              message: 'Handlers and http/ import the engine context as a type only (import type).',
            },
          ],
        },
      ],
    },
  },
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
    files: ['packages/web/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: { 'no-restricted-syntax': ['error', ...HAND_WRITTEN_API_PATH, ...RAW_REQUESTS] },
  },
  {
    files: ['packages/web/src/lib/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: { 'no-restricted-syntax': ['error', ...HAND_WRITTEN_API_PATH] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'packages/*/test/**/*.ts', 'e2e/**/*.ts', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
