import { startConsole } from './app/start-console';

// The entry: everything else is in startConsole, which hydrates the prerendered page or renders (ADR 0082).
void startConsole();
