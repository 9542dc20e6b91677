import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The features of one app are its folders, so a new feature is checked the day it exists. */
const featuresOf = (app) =>
  fs
    .readdirSync(path.join(root, app, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Boundaries are checked on the resolved path of each import, so `../../users/api/x` and
 * `@/features/users/api/x` are the same import, and a feature can't slip past a list.
 */
const boundaryZones = [
  // Features never import each other: a route file or the app shell composes them.
  ...['apps/web', 'apps/api'].flatMap((app) =>
    featuresOf(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message: 'Features do not import each other; share through contracts, components or lib.',
    })),
  ),
  // The shared web folders serve every feature, so they never reach into one.
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'components and lib are shared: they import no feature (and not the app shell).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/.data/**',
      'test-results/**',
      '**/playwright-report/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // contracts is shared by browser and server: no framework and no Node built-ins.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fastify*',
                '@fastify/*',
                'drizzle-orm*',
                'react*',
                'pg',
                '@electric-sql/*',
              ],
              message: 'contracts imports no framework.',
            },
          ],
        },
      ],
    },
  },
  {
    // Each Playwright worker drives its own server (e2e/servers.ts); fixtures.ts's `test` knows which.
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import from './fixtures': its test talks to this worker's own server.",
            },
          ],
        },
      ],
    },
  },
  {
    // A cycle makes load order decide what is undefined at import time; the boundaries need
    // the same resolver to see where an import really lands.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // The alias resolver follows the web app's `@/` paths, so aliased imports count too.
      // (eslint-plugin-import-x and the TypeScript resolver need unrs-resolver, whose
      // non-Linux bindings the registry here lacks, which breaks `npm ci`.)
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages cannot import our code back: never parse them.
      'import/ignore': ['node_modules'],
      'import/resolver': {
        // Absolute, so the alias resolves the same whatever directory ESLint runs from.
        alias: {
          map: [['@', path.join(root, 'apps/web/src')]],
          extensions: ['.ts', '.tsx', '.js'],
        },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
    },
  },
);
