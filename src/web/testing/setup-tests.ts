import '@testing-library/jest-dom';
import { i18n } from '@lingui/core';
import { messages } from '../i18n/locales/en/messages';

const nodeFetch = globalThis.fetch;

beforeEach(() => {
  // Every test starts in English on an empty device, as a fresh browser would.
  i18n.loadAndActivate({ locale: 'en', messages });
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
});

afterEach(() => {
  globalThis.fetch = nodeFetch;
});
