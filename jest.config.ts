/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

const swc = (extra: Record<string, unknown> = {}) =>
  [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
        ...extra,
      },
      module: { type: 'commonjs' },
    },
  ] as [string, Record<string, unknown>];

const config: Config = {
  // A global option (jest ignores it inside a project). Tests wait for conditions, not for time; component tests
  // that click through several screens on a loaded two-core machine need minutes, and a wait may take up to the
  // web setup's asyncUtilTimeout (src/web/testing/setup-tests.ts), so this sits well above it.
  testTimeout: 180_000,
  // Two workers, each replaced once it holds 2 GB after a file: on two cores jest would otherwise run every file in
  // one process, whose heap grew past 4 GB across the suite (seeded databases, compiled validators) and died.
  maxWorkers: 2,
  workerIdleMemoryLimit: '2GB',
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/src/server', '<rootDir>/src/shared', '<rootDir>/scripts'],
      testMatch: ['**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/src/server/testing/jest-setup.ts'],
      globalSetup: '<rootDir>/src/server/testing/jest-global-setup.ts',
      globalTeardown: '<rootDir>/src/server/testing/jest-global-teardown.ts',
      transform: {
        '^.+\\.(t|j)sx?$': swc(),
        // PGlite's CommonJS build loads Node built-ins through import(), which jest's CommonJS runtime
        // refuses without --experimental-vm-modules; swc turns those into require().
        '@electric-sql/pglite/dist/.+\\.cjs$': swc(),
      },
      // jose, cookie (used by Fastify's inject), sanitize-html's HTML parser, the API reference (@scalar,
      // github-slugger) and file-type with its readers ship ESM only; compile them to CommonJS with the rest. Only
      // the innermost node_modules segment decides (the parser is nested).
      transformIgnorePatterns: [
        '/node_modules/(?!(jose|cookie|@electric-sql/pglite|@scalar|github-slugger|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)(?!.*/node_modules/)',
      ],
      moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
    },
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/src/web/testing/jsdom-environment.ts',
      roots: ['<rootDir>/src/web'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/src/web/testing/setup-tests.ts'],
      transform: {
        '^.+\\.(t|j)sx?$': swc({
          experimental: { plugins: [['@lingui/swc-plugin', { useLinguiV5IdGeneration: true }]] },
        }),
      },
      moduleNameMapper: {
        '\\.(css|svg|png)$': '<rootDir>/src/web/testing/file-stub.ts',
        // redux-persist's typed entry points are its ES builds; Jest runs the CommonJS ones.
        '^redux-persist/es/(.*)$': 'redux-persist/lib/$1',
        // jsdom cannot lay out ApexCharts' SVG: the Chart wrapper's hidden data table is what tests read.
        '^apexcharts(/.*)?$': '<rootDir>/src/web/testing/apexcharts-stub.ts',
      },
      moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
    },
  ],
};

export default config;
