/** Debian Chromium headless, with nothing running in the background: the journeys and the bench use these. */
export const HEADLESS_CHROMIUM = '/usr/bin/chromium';

export const HEADLESS_CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--no-first-run',
];
