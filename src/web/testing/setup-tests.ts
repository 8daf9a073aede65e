import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages } from '../i18n/locales/en/messages';
import { stopPersisting } from './render-with-providers';

// Lazy route chunks, chained queries and transition renders (ADR 0082) take several ticks; on a loaded two-core
// machine (load 20) 4 s was too tight for a signed-in route to appear.
configure({ asyncUtilTimeout: 10_000 });

// Production builds compile English into the descriptors (ADR 0059) and activate English with no catalogue; in
// tests descriptors keep their source text, which this compiles when a test switches back to English that way.
i18n.setMessagesCompiler(compileMessage);

const nodeFetch = globalThis.fetch;

beforeEach(() => {
  // Every test starts in English on an empty device, as a fresh browser would.
  i18n.loadAndActivate({ locale: 'en', messages });
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
});

afterEach(async () => {
  await stopPersisting();
  globalThis.fetch = nodeFetch;
});
