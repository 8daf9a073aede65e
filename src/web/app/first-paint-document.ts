import { PRERENDERED_PAGES } from '../../shared/console-pages';
import { SOURCE_LOCALE, SUPPORTED_LOCALES } from '../i18n/activate-locale';
import { PERSIST_KEY, STORAGE_KEYS } from '../state/device-storage';
import { LANGUAGE_CODE_BY_ID } from '../state/preferences-slice';

/**
 * The parts of a prerendered document around the markup (ADR 0082). A page is prerendered once per language, each
 * in its own container (`data-first-paint`, `data-locale`; only English is shown without help). Before the first
 * paint, the inline script below reads what the device remembers, as the console does once it runs: the theme (the
 * `light`/`dark` class color-mode-provider.tsx sets), the language, and whether a session is stored. It marks <html> so
 * that the stylesheet below shows the container of the remembered language, and hides the prerendered page when it
 * is not the one this visitor will get (the sign-in page for a signed-in visitor, who is sent on). The console then
 * hydrates the container shown (start-console.tsx) or, when none fits, renders afresh. A form submitted before
 * then is held (no native submission, which would put the password in the address) and submitted once it can be.
 */

/** Set on <html> once the console's first render has committed (hydrated or rendered); journeys wait for it. */
export const READY_ATTRIBUTE = 'data-console-ready';
/** Set on <html> by the inline script when the prerendered page is not this visitor's. */
export const STALE_ATTRIBUTE = 'data-first-paint-stale';
/** Where the inline script keeps a form submitted before the console ran; start-console.tsx submits it again. */
export const PENDING_SUBMIT = '__consolePendingSubmit';

/** The inline script's source. Its hash goes into the content security policy (the server reads it off the file). */
export function firstPaintHeadScript(): string {
  const pages = Object.fromEntries(Object.entries(PRERENDERED_PAGES).map(([page, { signedIn }]) => [page, signedIn]));
  // The address rule is prerenderedPageAt's (checked equal by first-paint-document.test.ts).
  return `(function(){var d=document.documentElement,s=null;try{s=window.localStorage}catch(e){}
function g(k){try{return s?s.getItem(k):null}catch(e){return null}}
var t=g(${JSON.stringify(STORAGE_KEYS.theme)})==="dark"?"dark":"light";d.classList.add(t);d.style.colorScheme=t;
var codes=${JSON.stringify(LANGUAGE_CODE_BY_ID)},id=g(${JSON.stringify(STORAGE_KEYS.languageId)})||g(${JSON.stringify(STORAGE_KEYS.langId)});
var l=codes[parseInt(id,10)]||${JSON.stringify(SOURCE_LOCALE)};d.lang=l;d.setAttribute("data-locale",l);
var on=false;try{var p=JSON.parse(g(${JSON.stringify(`persist:${PERSIST_KEY}`)})||"{}"),x=p.session?JSON.parse(p.session):{};
on=!!(x.loggedIn&&x.accessToken&&x.idToken&&(x.expiresAt==null||x.expiresAt>Date.now()))}catch(e){}
var a=location.pathname.replace(/\\/+$/,"")||"/",page=a==="/"?"sign-in":a==="/main"||a.indexOf("/main/")===0?"shell":null;
var pages=${JSON.stringify(pages)};if(page&&pages[page]!==on)d.setAttribute(${JSON.stringify(STALE_ATTRIBUTE)},"");
document.addEventListener("submit",function(e){if(!d.hasAttribute(${JSON.stringify(READY_ATTRIBUTE)})){e.preventDefault();window[${JSON.stringify(PENDING_SUBMIT)}]=e.target}},true);})();`;
}

const OTHER_LOCALES = SUPPORTED_LOCALES.filter((locale) => locale !== SOURCE_LOCALE);

/** Shows the container of the remembered language; hides a page prerendered for another kind of visitor. */
export const FIRST_PAINT_CSS =
  '[data-first-paint]{height:100%}' +
  `html[data-locale]:not([data-locale="${SOURCE_LOCALE}"]) [data-first-paint][data-locale="${SOURCE_LOCALE}"]{display:none}` +
  OTHER_LOCALES.map((locale) => `html[data-locale="${locale}"] [data-first-paint][data-locale="${locale}"]`).join(',') +
  '{display:block}' +
  `html[${STALE_ATTRIBUTE}] [data-first-paint]{display:none!important}`;
