import { languageChanged, preferencesSlice, themeChanged } from './preferences-slice';
import { loggedOut } from './session-events';

const initial = () => preferencesSlice.reducer(undefined, { type: 'init' });

describe('preferences', () => {
  it('start in English and light on a fresh device', () => {
    expect(initial()).toEqual({ languageId: null, language: null, theme: 'light' });
  });

  it('read back the language and theme remembered on the device', () => {
    window.localStorage.setItem('langid', '3');
    window.localStorage.setItem('languageId', '3');
    window.localStorage.setItem('theme_preference', 'dark');
    expect(initial()).toEqual({ languageId: 3, language: 'tl', theme: 'dark' });
  });

  it('ignore values that are not a known language or theme', () => {
    window.localStorage.setItem('languageId', '99');
    window.localStorage.setItem('theme_preference', 'sepia');
    expect(initial()).toEqual({ languageId: null, language: null, theme: 'light' });
  });

  it('forget the language on logout but keep the theme, a device setting', () => {
    const state = [languageChanged({ id: 2, shortCode: 'es' }), themeChanged('dark'), loggedOut()].reduce(
      preferencesSlice.reducer,
      initial(),
    );
    expect(state).toEqual({ languageId: null, language: null, theme: 'dark' });
  });
});
