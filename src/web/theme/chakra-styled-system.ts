import { createSystem, defaultBaseConfig } from '@chakra-ui/react';

/**
 * The part of Chakra that creates a system (`createSystem`, its base config of conditions and utilities), imported
 * by system.ts from here alone so that the entry can evaluate these modules in a task of their own, before the one
 * that creates the console's system (ADR 0168). One export rather than re-exports, so that the modules behind it are
 * imported by this module alone and webpack keeps them in its scope.
 */
export const chakraStyledSystem = { createSystem, defaultBaseConfig };
