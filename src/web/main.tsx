import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { appRoutes } from './app/router';
import { createAppStore } from './app/store';
import { activateLocale } from './i18n/activate-locale';
import { effectiveLanguage } from './state/preferences-slice';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const { store, persistor } = createAppStore(undefined, { liveUpdates: true });
const router = createBrowserRouter(appRoutes);

// Render only once the remembered language's catalogue is active, so no text flashes in another language.
void activateLocale(effectiveLanguage(store.getState().preferences)).then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} persistor={persistor}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
