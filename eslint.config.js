import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = [
  'auth', 'users', 'roles', 'teams', 'dashboard', 'profile', 'notifications', 'email-templates',
  'contact-messages', 'wa-templates', 'wa-categories', 'media', 'health',
];

/** Features never import each other: a route file or the app shell composes them. */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`apps/*/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: FEATURES.filter((f) => f !== feature).map((other) => ({
          group: [`**/features/${other}/**`, `**/features/${other}`, `@/features/${other}/**`, `@/features/${other}`],
          message: 'Features do not import each other; share through contracts, components or lib.',
        })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
            { group: ['node:*', 'fastify*', '@fastify/*', 'drizzle-orm*', 'react*', 'pg', '@electric-sql/*'], message: 'contracts imports no framework.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
);
