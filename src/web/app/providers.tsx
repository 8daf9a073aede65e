import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ConsoleChakraProvider } from '../theme/chakra-provider';
import { ColorModeProvider } from './color-mode-provider';
import type { ConsoleStore } from './store';

/**
 * Everything a screen needs around it: store, translations, Chakra theme and colour mode. The store has already
 * rehydrated from localStorage (start-console.tsx waits for it), so the first render is the page itself: the same
 * markup as the page prerendered at build time (ADR 0082).
 */
export function AppProviders({ store, children }: { store: ConsoleStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <I18nProvider i18n={i18n}>
        <ConsoleChakraProvider>
          <ColorModeProvider>{children}</ColorModeProvider>
        </ConsoleChakraProvider>
      </I18nProvider>
    </ReduxProvider>
  );
}
