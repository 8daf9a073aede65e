// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      '.tmp/**',
      '.swc/**',
      'node_modules/**',
      'src/contracts/**',
      'src/web/api/generated/**',
      'src/web/i18n/locales/**/*.ts',
      'openapi/spectral-functions/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Generated code is imported only through the base API and the feature hooks, never re-declared by hand.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/api/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the generated RTK Query endpoints.' }],
    },
  },

  // ---- Console (src/web) boundaries: begin ----------------------------------------------------------------
  // Layers of the console (src/web/README.md): app/ composes features; a feature never imports another feature;
  // components/, lib/, state/, api/, i18n/ and theme/ never import features; api/ and state/ never import each
  // other; nothing in src/web imports src/server. Checked by import-x's no-restricted-paths on resolved files.
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...readdirSync('src/web/features', { withFileTypes: true })
              .filter((entry) => entry.isDirectory())
              .map(({ name }) => ({
                target: `./src/web/features/${name}`,
                from: './src/web/features',
                except: [`./${name}`],
                message: 'A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
              })),
            ...['components', 'lib', 'state', 'api', 'i18n', 'theme'].map((layer) => ({
              target: `./src/web/${layer}`,
              from: './src/web/features',
              message: `${layer}/ never imports a feature: only app/ composes features.`,
            })),
            {
              target: './src/web/api',
              from: './src/web/state',
              message: 'api/ never imports state/: the base query reads the store through its RequestEnvironment.',
            },
            {
              target: './src/web/state',
              from: './src/web/api',
              message: 'state/ never imports api/: hooks over queries live in lib/.',
            },
            { target: './src/web', from: './src/server', message: 'The console never imports server code.' },
          ],
        },
      ],
    },
  },
  // ---- Console (src/web) boundaries: end ------------------------------------------------------------------
);
