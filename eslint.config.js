// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const reactImports = [
  'react',
  'react-dom',
  'react-dom/*',
  'react/*',
  '@rjsf/*',
  'jotai',
  'jotai/*',
  'react-i18next',
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'generated/**',
      'reports/**',
      'test-results/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.d.ts'] }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['engine/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [],
          patterns: [
            { group: reactImports, message: 'engine/ is framework-free: no React.' },
            {
              group: ['**/renderer/**', '#renderer', '**/apps/**', '**/codegen/**', '#codegen'],
              message: 'engine/ imports only itself and generated/.',
            },
            {
              group: ['node:*', 'fs', 'path'],
              message: 'engine/ runs in the browser too: no Node modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'document',
        'window',
        'localStorage',
        'sessionStorage',
        'navigator',
      ],
    },
  },
  {
    // The apps share rules through engine/ and generated/, never by importing one another.
    files: ['apps/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '**/web/src/**', '**/apps/studio/**', '**/studio/src/**'],
              message: 'The server imports no browser app: share the rule through engine/.',
            },
          ],
        },
      ],
    },
  },
  // Every pair of apps, both ways: the web app and the studio import neither each other nor the
  // server (styles and widgets are shared through renderer/, rules through engine/).
  ...[
    { app: 'web', others: ['studio'] },
    { app: 'studio', others: ['web'] },
  ].map(({ app, others }) => ({
    files: [`apps/${app}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '**/server/src/**'],
              message: 'A browser app imports no server code: share the rule through engine/.',
            },
            {
              group: others.flatMap((other) => [`**/apps/${other}/**`, `**/${other}/**`]),
              message: `apps/${app} imports no other app: share through renderer/, engine/ or generated/.`,
            },
          ],
        },
      ],
    },
  })),
  {
    // A focused test (`.only`) would let the suite pass with the rest not run.
    files: ['tests/**', 'e2e/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['it', 'test', 'describe'].map((object) => ({
          object,
          property: 'only',
          message: 'No focused tests: the rest of the suite would not run.',
        })),
      ],
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '**/codegen/**', '#codegen'],
              message: 'renderer/ imports no app code.',
            },
          ],
        },
      ],
    },
  },
);
