import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { PRERENDERED_PAGES, prerenderedPageAt } from '../../shared/console-pages';
import { loadApi } from '../api/lazy-api';
import { activateLocale } from '../i18n/activate-locale';
import { clock } from '../lib/clock';
import { nextTask } from '../lib/next-task';
import { effectiveLanguage } from '../state/preferences-slice';
import { hasValidSession } from '../state/session-slice';
import { ConsoleRoot, whenRouterReady } from './console-root';
import { PENDING_SUBMIT, READY_ATTRIBUTE, STALE_ATTRIBUTE } from './first-paint-document';
import { appRoutes, ROUTER_OPTIONS } from './router';
import { createAppStore, whenRehydrated, type AppStore } from './store';

/** The started console: `hydrated` says whether it took over a prerendered page. */
export type StartedConsole = AppStore & { root: Root; hydrated: boolean };

type PendingSubmitWindow = Window & { [PENDING_SUBMIT]?: HTMLFormElement | null };

/** A form the visitor submitted before the console ran is submitted again, now that its fields hold the values. */
function submitPending(): void {
  const pending = (window as PendingSubmitWindow)[PENDING_SUBMIT];
  (window as PendingSubmitWindow)[PENDING_SUBMIT] = null;
  if (pending?.isConnected) pending.requestSubmit();
}

/**
 * The prerendered container this visit can hydrate: the page the build rendered for this address, in the language
 * and for the kind of visitor (signed in or not) of this device. Null when the console must render afresh.
 */
function hydratableContainer(signedIn: boolean, locale: string): HTMLElement | null {
  const page = prerenderedPageAt(window.location.pathname);
  if (page === null || PRERENDERED_PAGES[page].signedIn !== signedIn) return null;
  return document.querySelector<HTMLElement>(`[data-first-paint="${page}"][data-locale="${locale}"]`);
}

/**
 * The session's opening (the gate's one call, ADR 0083) asked for as soon as the API layer has loaded, while the
 * locale, the router and the hydration go on (ADR 0196): the gate, mounted by the hydration, finds the answer in
 * flight or cached instead of asking only then. Not for a session already expired (the gate never asks for one).
 */
const askForSessionOpening =
  (store: AppStore['store']) =>
  ({ userServiceApi }: Awaited<ReturnType<typeof loadApi>>): void => {
    if (hasValidSession(store.getState().session, clock.now()))
      void store.dispatch(userServiceApi.util.prefetch('getSessionBootstrap', undefined, {}));
  };

/**
 * Starts the console (ADR 0082): the stored state and language first, then the router with the lazy routes of this
 * address, each step its own task. A prerendered page that fits is hydrated (its markup, styles and ids are the ones
 * this render produces, so nothing moves); otherwise the root is emptied and rendered. Both go through a transition,
 * so React renders in slices instead of one long task. `liveUpdates` opens the tenant's event stream (ADR 0078):
 * the browser entry turns it on, tests leave it off.
 */
export async function startConsole(options: { liveUpdates?: boolean } = {}): Promise<StartedConsole> {
  const { store, persistor } = createAppStore(undefined, options);
  await whenRehydrated(persistor);
  // A stored session needs the API layer at once (the shell's calls); without one it waits for the sign-in form.
  if (store.getState().session.loggedIn) void loadApi().then(askForSessionOpening(store), () => undefined);
  await nextTask();
  const locale = await activateLocale(effectiveLanguage(store.getState().preferences));
  await nextTask();
  const router = createBrowserRouter(appRoutes, ROUTER_OPTIONS);
  await whenRouterReady(router);
  await nextTask();

  const html = document.documentElement;
  const onReady = () => {
    html.setAttribute(READY_ATTRIBUTE, '');
    submitPending();
  };
  const app = <ConsoleRoot store={store} router={router} onReady={onReady} />;
  const container = hydratableContainer(hasValidSession(store.getState().session, clock.now()), locale);
  // The other prerendered containers (other languages, or all of them) leave; the one kept is already on screen.
  for (const other of document.querySelectorAll<HTMLElement>('[data-first-paint]')) {
    if (other !== container && other.id !== 'root') other.remove();
  }
  if (container) {
    const english = document.getElementById('root');
    if (english && english !== container) english.remove();
    container.id = 'root';
    container.hidden = false;
    html.setAttribute('data-locale', locale);
    let hydrated: Root | undefined;
    startTransition(() => {
      hydrated = hydrateRoot(container, app, {
        onRecoverableError: (error) => console.error('Hydration of the prerendered page failed:', error),
      });
    });
    return { store, persistor, root: hydrated!, hydrated: true };
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // A page prerendered for another visitor is never shown: emptied before anything is drawn.
  root.replaceChildren();
  root.removeAttribute('data-first-paint');
  root.removeAttribute('data-locale');
  html.removeAttribute(STALE_ATTRIBUTE);
  const created = createRoot(root);
  startTransition(() => created.render(app));
  return { store, persistor, root: created, hydrated: false };
}
