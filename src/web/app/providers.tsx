import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { system } from '../theme/system';
import { ColorModeProvider } from './color-mode-provider';
import type { AppStore } from './store';

/** Everything a screen needs around it: store (rehydrated), translations, Chakra theme and colour mode. */
export function AppProviders({ store, persistor, children }: AppStore & { children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <I18nProvider i18n={i18n}>
          <ChakraProvider value={system}>
            <ColorModeProvider>{children}</ColorModeProvider>
          </ChakraProvider>
        </I18nProvider>
      </PersistGate>
    </ReduxProvider>
  );
}
