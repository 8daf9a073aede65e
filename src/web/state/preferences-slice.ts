import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './session-events';
import { readStoredLanguageId, readStoredTheme, type ThemePreference } from './device-storage';

export type { ThemePreference } from './device-storage';

export interface PreferencesState {
  /** Interface language chosen by the user; null until one is chosen (the console then uses English). */
  languageId: number | null;
  /** Short code of the chosen language (en, es, tl), sent as the `language` header. */
  language: string | null;
  theme: ThemePreference;
}

/** Language ids fixed by the specification (docs/product/shell-and-session.md#languages). */
export const LANGUAGE_CODE_BY_ID: Readonly<Record<number, string>> = { 1: 'en', 2: 'es', 3: 'tl' };
export const DEFAULT_LANGUAGE = { id: 1, shortCode: 'en' } as const;

const initialPreferences = (): PreferencesState => {
  const languageId = readStoredLanguageId();
  const language = languageId === null ? null : (LANGUAGE_CODE_BY_ID[languageId] ?? null);
  return {
    languageId: language === null ? null : languageId,
    language,
    theme: readStoredTheme(),
  };
};

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: initialPreferences,
  reducers: {
    languageChanged(state, action: PayloadAction<{ id: number; shortCode: string }>) {
      state.languageId = action.payload.id;
      state.language = action.payload.shortCode;
    },
    themeChanged(state, action: PayloadAction<ThemePreference>) {
      state.theme = action.payload;
    },
  },
  extraReducers: (builder) => {
    // The theme is a device setting and outlives the session; the language does not.
    builder.addCase(loggedOut, (state) => ({ languageId: null, language: null, theme: state.theme }));
  },
});

export const { languageChanged, themeChanged } = preferencesSlice.actions;

export const effectiveLanguageId = (preferences: PreferencesState): number =>
  preferences.languageId ?? DEFAULT_LANGUAGE.id;
export const effectiveLanguage = (preferences: PreferencesState): string =>
  preferences.language ?? DEFAULT_LANGUAGE.shortCode;
