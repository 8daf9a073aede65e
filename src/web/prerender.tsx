/**
 * The build's second entry (webpack.config.ts, target node): what scripts/first-paint-plugin.ts needs to write the
 * prerendered pages (ADR 0082). Never loaded by the browser.
 */
import type { Messages } from '@lingui/core';
import { PRERENDERED_PAGES, type PrerenderedPage } from '../shared/console-pages';
import { renderFirstPaint, type FirstPaint } from './app/first-paint';
import { FIRST_PAINT_CSS, firstPaintHeadScript } from './app/first-paint-document';
import { SUPPORTED_LOCALES, type AppLocale } from './i18n/activate-locale';
import { messages as spanish } from './i18n/locales/es/messages';
import { messages as tagalog } from './i18n/locales/tl/messages';
import { chakraGlobalCss } from './theme/global-css';
import { system } from './theme/system';

// English is compiled into the descriptors (ADR 0059): it needs no catalogue, as in the browser.
const CATALOGUES: Record<AppLocale, Messages> = { en: {}, es: spanish, tl: tagalog };

export const PAGES = Object.keys(PRERENDERED_PAGES) as PrerenderedPage[];
export const LOCALES = SUPPORTED_LOCALES;

export const renderPage = (page: PrerenderedPage, locale: AppLocale): Promise<FirstPaint> =>
  renderFirstPaint(page, locale, CATALOGUES[locale]);

/** Chakra's global styles and the rules that pick the shown container (every page, prerendered or not). */
export const staticCss = (): string => chakraGlobalCss(system) + FIRST_PAINT_CSS;

export const headScript = firstPaintHeadScript;
