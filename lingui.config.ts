import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'tl'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/web/i18n/locales/{locale}/messages',
      include: ['<rootDir>/src/web'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '<rootDir>/src/web/testing/**', '<rootDir>/src/web/api/generated/**'],
    },
  ],
  // Line numbers would rewrite every catalogue whenever code moves; file references are enough for translators.
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'message',
});
