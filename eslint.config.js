import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth',
  'users',
  'roles',
  'teams',
  'dashboard',
  'matches',
  'audit',
  'profile',
  'notifications',
  'email-templates',
  'contact-messages',
  'wa-templates',
  'wa-categories',
  'media',
  'health',
];

/** Features never import each other: a route file or the app shell composes them. */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`apps/*/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: FEATURES.filter((f) => f !== feature).map((other) => ({
          group: [
            `**/features/${other}/**`,
            `**/features/${other}`,
            `@/features/${other}/**`,
            `@/features/${other}`,
          ],
          message: 'Features do not import each other; share through contracts, components or lib.',
        })),
      },
    ],
  },
}));

/** The shared web folders serve every feature, so they never reach into one. */
const sharedWebFolders = {
  files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/features/**', '**/features/**', '@/app/**', '**/app/**'],
            message:
              'components and lib are shared: they import no feature (and not the app shell).',
          },
        ],
      },
    ],
  },
};

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
    // A cycle makes load order decide what is undefined at import time.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // The alias resolver follows the web app's `@/` paths, so aliased cycles count too.
      // (eslint-plugin-import-x and the TypeScript resolver need unrs-resolver, whose
      // non-Linux bindings the registry here lacks, which breaks `npm ci`.)
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages cannot import our code back: never parse them.
      'import/ignore': ['node_modules'],
      'import/resolver': {
        alias: { map: [['@', './apps/web/src']], extensions: ['.ts', '.tsx', '.js'] },
        node: { extensions: ['.ts', '.tsx', '.js'] },
      },
    },
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  sharedWebFolders,
  ...featureBoundaries,
);
