// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync, readFileSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { noSpecCitations } from './scripts/lint/no-spec-citations.cjs';

// ---- Server lint zones (ADR 0009, docs/development.md "Server shape") ------------------------------------
const SERVICE_ROOT = './src/server/services';
const SERVICES = readdirSync(SERVICE_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Another service is reached only through its index.ts (its public functions and its handlers). */
const serviceZones = SERVICES.flatMap((service) => [
  ...SERVICES.filter((other) => other !== service).map((other) => ({
    target: `${SERVICE_ROOT}/${service}`,
    from: `${SERVICE_ROOT}/${other}`,
    except: ['./index.ts'],
    message: `Import ${other} only through its index.ts.`,
  })),
  {
    target: ['./src/server/*.ts', './src/server/seed', './src/server/testing', './src/server/platform', './scripts'],
    from: `${SERVICE_ROOT}/${service}`,
    except: ['./index.ts'],
    message: `Import ${service} only through its index.ts.`,
  },
]);
const SERVER_ZONES = [
  ...serviceZones,
  {
    target: './src/shared',
    from: ['./src/server', './src/web', './scripts'],
    message: 'src/shared holds pure rules: it imports nothing of the app.',
  },
  {
    target: './src/server',
    from: './scripts',
    message: 'Server code never imports scripts/ (scripts may import src/).',
  },
];
const serverZones = {
  files: ['src/server/**/*.ts', 'src/shared/**/*.ts', 'scripts/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { zones: SERVER_ZONES }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};
/** platform/ is below the services: its code never imports them (its integration tests may use their index.ts). */
const platformZone = {
  files: ['src/server/platform/**/*.ts'],
  ignores: ['**/*.test.ts'],
  plugins: { 'import-x': importX },
  rules: {
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          ...SERVER_ZONES,
          {
            target: './src/server/platform',
            from: './src/server/services',
            message: 'platform/ never imports services/.',
          },
        ],
      },
    ],
  },
};
// ---- end of the server lint zones ---------------------------------------------------------------------------

// ---- Permission names (src/shared/permissions.ts) ---------------------------------------------------------------
// The console checks PERMISSION.<NAME> constants: a permission's name written as a string in src/web is refused,
// so a renamed or removed permission fails the type check instead of hiding a button for ever.
const PERMISSION_NAMES = [
  ...readFileSync('./src/shared/permissions.ts', 'utf8').matchAll(/^\s*\[\d+, '([a-z.]+)', '[a-z]+', '[a-z]+'\],$/gm),
].map(([, name]) => name);
if (PERMISSION_NAMES.length === 0)
  throw new Error('eslint.config.js: no permission found in src/shared/permissions.ts');
const permissionPattern = `/^(${PERMISSION_NAMES.map((name) => name.replaceAll('.', '\\.')).join('|')})$/`;
const RAW_PERMISSION_MESSAGE =
  'Name a permission with its PERMISSION constant (src/shared/permissions.ts), not a string.';
// ---- end of the permission names --------------------------------------------------------------------------------

// ---- Form initial values (docs/development.md, "A form's initial values keep their identity") --------------------
// react-final-form re-initialises a form whose initialValues are not shallowly equal to the last render's: a literal
// holding an array or object there is new at each render and wipes what the user entered.
const FRESH_INITIAL_VALUES = {
  selector:
    "JSXAttribute[name.name='initialValues'] > JSXExpressionContainer > ObjectExpression > Property > :matches(ArrayExpression, ObjectExpression)",
  message:
    'Pass initial values that keep their identity (a module constant or a useMemo): this literal is new each render.',
};

const consoleRestrictedSyntax = {
  files: ['src/web/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-syntax': [
      'error',
      { selector: `Literal[value=${permissionPattern}]`, message: RAW_PERMISSION_MESSAGE },
      { selector: `TemplateElement[value.raw=${permissionPattern}]`, message: RAW_PERMISSION_MESSAGE },
      FRESH_INITIAL_VALUES,
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
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
    // Code cites docs/product/<file>.md#<anchor>, not the specification's sections (docs/development.md).
    files: ['**/*.{ts,tsx,mjs}'],
    // Describes the specification itself (where it names each call): scripts/spec-citations.json "keep".
    ignores: ['scripts/lib/spec-calls.ts'],
    plugins: { voxscreen: { rules: { 'no-spec-citations': noSpecCitations } } },
    rules: { 'voxscreen/no-spec-citations': 'error' },
  },
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
  serverZones,
  platformZone,
  consoleRestrictedSyntax,
  {
    // Whole counts through formatWholeNumber (ADR 0198): i18n.number builds an Intl object, 150-220 ms on a phone.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'i18n',
          property: 'number',
          message: 'Write whole counts with formatWholeNumber (src/web/i18n/plain-format.ts, ADR 0198).',
        },
      ],
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
                message:
                  'A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
              })),
            ...['components', 'lib', 'state', 'api', 'i18n', 'theme'].map((layer) => ({
              target: `./src/web/${layer}`,
              from: './src/web/features',
              message: `${layer}/ never imports a feature: only app/ composes features.`,
            })),
            ...['features', 'components', 'lib', 'state', 'api', 'i18n', 'theme'].map((layer) => ({
              target: `./src/web/${layer}`,
              from: './src/web/app',
              message: `${layer}/ never imports app/: app/ composes the rest, and hands a screen what it needs.`,
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
      // No import cycle in the console either (type-only imports are not cycles).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // ---- Console (src/web) boundaries: end ------------------------------------------------------------------
);
