import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { STORAGE_KEYS } from '../state/device-storage';
import { useAppSelector } from '../state/hooks';

/**
 * Applies the theme held in the store as the `light`/`dark` class on <html> (Chakra's colour-mode
 * condition). The store is the one source of truth; it is written to `theme_preference` by the session
 * listeners and read back on load.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const theme = useAppSelector((state) => state.preferences.theme);
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="light"
      enableSystem={false}
      storageKey={STORAGE_KEYS.theme}
      forcedTheme={theme}
      disableTransitionOnChange
      // Its inline script only matters for server rendering; as a data block React neither runs nor warns about it.
      scriptProps={{ type: 'application/json' }}
    >
      {children}
    </ThemeProvider>
  );
}
