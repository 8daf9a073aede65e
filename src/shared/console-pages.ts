/**
 * The console's pages prerendered at build time (ADR 0082) and the HTML file of each: the server answers a console
 * address with its page's file, and the console hydrates that page when the visitor is the one it was rendered for
 * (the sign-in page for a visitor without a session, the shell's frame for a signed-in one).
 */
export const PRERENDERED_PAGES = {
  'sign-in': { file: 'index.html', path: '/', signedIn: false },
  shell: { file: 'shell.html', path: '/main', signedIn: true },
} as const;

export type PrerenderedPage = keyof typeof PRERENDERED_PAGES;

/** The file for every other console address: the same document with an empty root, rendered by the script. */
export const PLAIN_CONSOLE_FILE = 'console.html';

/** The prerendered page served at an address (by the address alone), or null for a plain one. */
export function prerenderedPageAt(pathname: string): PrerenderedPage | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return 'sign-in';
  if (path === '/main' || path.startsWith('/main/')) return 'shell';
  return null;
}

/** The file the server answers for a console address. */
export function consoleFileFor(pathname: string): string {
  const page = prerenderedPageAt(pathname);
  return page === null ? PLAIN_CONSOLE_FILE : PRERENDERED_PAGES[page].file;
}
