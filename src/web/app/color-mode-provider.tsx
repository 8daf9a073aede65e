import { useLayoutEffect, type ReactNode } from 'react';
import type { ThemePreference } from '../state/device-storage';
import { useAppSelector } from '../state/hooks';

// While the class changes, no transition runs: every colour would otherwise fade at its own pace.
const NO_TRANSITIONS = '*,*::before,*::after{transition:none!important}';

/**
 * Sets the theme as the `light`/`dark` class on <html> (Chakra's colour-mode condition) and as its `color-scheme`,
 * as the first-paint script does before the console starts (first-paint-document.ts). Nothing changes when <html>
 * already shows it, so hydration changes nothing.
 */
export function applyColorMode(root: HTMLElement, theme: ThemePreference): void {
  const other = theme === 'dark' ? 'light' : 'dark';
  if (root.classList.contains(theme) && !root.classList.contains(other) && root.style.colorScheme === theme) return;
  const pause = root.ownerDocument.createElement('style');
  pause.textContent = NO_TRANSITIONS;
  root.ownerDocument.head.appendChild(pause);
  root.classList.remove(other);
  root.classList.add(theme);
  root.style.colorScheme = theme;
  // The styles are computed with transitions off before they are turned back on.
  void root.ownerDocument.defaultView?.getComputedStyle(root).color;
  setTimeout(() => pause.remove(), 1);
}

/**
 * Applies the theme held in the store (ADR 0139: no theme library; the store is the one source of truth, written to
 * `theme_preference` by the session listeners and read back on load).
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const theme = useAppSelector((state) => state.preferences.theme);
  useLayoutEffect(() => applyColorMode(document.documentElement, theme), [theme]);
  return children;
}
