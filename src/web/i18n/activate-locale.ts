import { i18n, type Messages } from '@lingui/core';

export const SUPPORTED_LOCALES = ['en', 'es', 'tl'] as const;
export type AppLocale = (typeof SUPPORTED_LOCALES)[number];
export const SOURCE_LOCALE: AppLocale = 'en';

export const isAppLocale = (code: string): code is AppLocale => (SUPPORTED_LOCALES as readonly string[]).includes(code);

// English needs no catalogue: the build puts each message's compiled English into its descriptor
// (scripts/english-descriptors-loader.cjs, ADR 0059), and i18n._ falls back to it. Spanish and Tagalog load on
// demand; their compiled catalogues hold every message (English where a translation were missing).
const catalogueLoaders: Record<AppLocale, () => Promise<Messages>> = {
  en: () => Promise.resolve({}),
  es: () => import(/* webpackChunkName: "i18n-es" */ './locales/es/messages').then((module) => module.messages),
  tl: () => import(/* webpackChunkName: "i18n-tl" */ './locales/tl/messages').then((module) => module.messages),
};

let latestRequest = 0;

/**
 * Loads the compiled catalogue of a language short code and makes it the active locale (English for codes
 * without a catalogue). When switches overlap, the last one asked for wins.
 */
export const activateLocale = async (code: string): Promise<AppLocale> => {
  const locale = isAppLocale(code) ? code : SOURCE_LOCALE;
  const request = ++latestRequest;
  const messages = await catalogueLoaders[locale]();
  if (request === latestRequest && i18n.locale !== locale) {
    i18n.loadAndActivate({ locale, messages });
    document.documentElement.lang = locale;
  }
  return locale;
};
