import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { system } from './system';

/**
 * The system as ChakraProvider sees it in production builds: no global styles to inject and no layer order to
 * declare, because the build writes both into every page as a static stylesheet (scripts/first-paint-plugin.ts,
 * ADR 0082). A view over the system rather than a copy, so reading it never computes the global styles either
 * (`_global` is a getter in builds, scripts/lazy-chakra-globals-loader.cjs).
 */
const withoutGlobalStyles = (full: SystemContext): SystemContext =>
  Object.create(full, {
    _global: { value: [] },
    _config: { value: { ...full._config, disableLayers: true } },
  }) as SystemContext;

const providedSystem = process.env.NODE_ENV === 'production' ? withoutGlobalStyles(system) : system;

/** Chakra's theme for the console; development and tests inject the global styles at run time as Chakra does. */
export function ConsoleChakraProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={providedSystem}>{children}</ChakraProvider>;
}
