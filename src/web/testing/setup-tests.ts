import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages } from '../i18n/locales/en/messages';
import { stopPersisting } from './render-with-providers';

// Tests wait for what the screen does (findBy…, waitFor on the real condition), never for a fixed time. A wait ends
// as soon as its condition holds, so this limit only decides how long a test that is really broken takes to fail:
// generous, because lazy route chunks, chained queries and grids take many ticks on a loaded two-core machine (a
// call tab once needed more than 60 s for its file there). The test timeout (jest.config.ts) is above it.
configure({ asyncUtilTimeout: 45_000 });

// Production builds compile English into the descriptors (ADR 0059) and activate English with no catalogue; in
// tests descriptors keep their source text, which this compiles when a test switches back to English that way.
i18n.setMessagesCompiler(compileMessage);

const nodeFetch = globalThis.fetch;

beforeEach(() => {
  // Every test starts in English on an empty device, as a fresh browser would.
  i18n.loadAndActivate({ locale: 'en', messages });
  // A test of the build's server render runs in Node (`@jest-environment node`): no device there.
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
});

afterEach(async () => {
  await stopPersisting();
  globalThis.fetch = nodeFetch;
});
